import { expect, test, type Page } from "@playwright/test";
import { addChecklistRows, briefDocument, historyPanel, historyTab, save, saveStatus } from "./support/editor";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject } from "./support/projects";
import { createApiToken } from "./support/tokens";

const VAGUE_FAST = '"fast" has no measure';

/** The wavy marks the editor lays under a field's words. */
function marks(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).locator("xpath=..").locator("[data-quality-mark]");
}

function qualityPanel(page: Page) {
  return page.getByTestId("quality-panel");
}

test("a PM sees a vague requirement underlined and explained, fixes it, and read mode counts what is left", async ({ page }) => {
  await signUp(page, newPerson("Quinn"));
  const projectId = await createProject(page, "Storefront");
  await createBrief(page, projectId, "Faster product pages");
  await expect(saveStatus(page)).toBeVisible();
  await expect(qualityPanel(page)).toContainText("No findings");

  await page.getByRole("button", { name: "+ Add requirement" }).click();
  const requirement = page.getByLabel("Requirement 1", { exact: true });
  await requirement.fill("The page shall load fast");

  // The word is underlined as an error, where it stands in the field.
  const mark = marks(page, "Requirement 1");
  await expect(mark).toHaveCount(1);
  await expect(mark).toHaveText("fast");
  await expect(mark).toHaveAttribute("data-quality-mark", "error");

  // Resting the pointer on the underlined word explains it.
  const box = (await mark.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole("tooltip").filter({ hasText: VAGUE_FAST })).toBeVisible();
  await expect(page.getByRole("tooltip").filter({ hasText: VAGUE_FAST })).toContainText("within 2 s at p95");
  await page.mouse.move(0, 0);
  await expect(page.getByRole("tooltip")).toHaveCount(0);

  // From the keyboard: the finding under the field is a button described by the same explanation.
  await expect(requirement).toHaveAccessibleDescription(`Vague terms: ${VAGUE_FAST}: readers will each assume their own.`);
  const chip = page.getByRole("list", { name: "Quality findings in Requirement 1" }).getByRole("button", { name: /“fast” · Vague terms/ });
  await requirement.focus();
  await page.keyboard.press("Tab");
  await expect(chip).toBeFocused();
  await expect(page.getByRole("tooltip").filter({ hasText: VAGUE_FAST })).toBeVisible();
  await expect(chip).toHaveAccessibleDescription(/has no measure: readers will each assume their own/);

  // The Quality panel counts it under its rule, and takes the person to the words.
  await expect(qualityPanel(page).getByTestId("quality-totals")).toHaveText("1 error · 0 warnings");
  await expect(qualityPanel(page).getByTestId("quality-rule-vague-term")).toContainText(/Vague terms \(error\)\s*1/);
  await qualityPanel(page).getByRole("button", { name: "“fast” in Requirement 1" }).click();
  await expect(requirement).toBeFocused();
  expect(await requirement.evaluate((field: HTMLTextAreaElement) => field.value.slice(field.selectionStart, field.selectionEnd))).toBe("fast");

  // A warning is amber, and the totals follow.
  await page.getByRole("button", { name: "+ Add edge case" }).click();
  await page.getByLabel("Edge case 1", { exact: true }).fill("The cache is emptied on deploy");
  await expect(marks(page, "Edge case 1")).toHaveAttribute("data-quality-mark", "warning");
  await expect(qualityPanel(page).getByTestId("quality-totals")).toHaveText("1 error · 1 warning");
  await page.getByRole("button", { name: "Remove edge case 1" }).click();

  // Fixed, the finding goes.
  await requirement.fill("The page shall load within 2 s at p95");
  await expect(mark).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Quality findings in Requirement 1" })).toHaveCount(0);
  await expect(qualityPanel(page)).toContainText("No findings");

  // A second requirement with an open list, saved: read mode counts it and lists it.
  await page.getByRole("button", { name: "+ Add requirement" }).click();
  await page.getByLabel("Requirement 2", { exact: true }).fill("The export shall offer CSV, PDF etc.");
  await expect(marks(page, "Requirement 2")).toHaveText("etc.");
  await expect(qualityPanel(page).getByTestId("quality-totals")).toHaveText("1 error · 0 warnings");
  await save(page, 2);
  await page.getByRole("button", { name: "Done editing" }).click();
  await expect(briefDocument(page)).toContainText("The page shall load within 2 s at p95");
  const summary = page.getByTestId("quality-findings");
  await expect(summary).toContainText("1 quality finding");
  await summary.getByText("1 quality finding").click();
  await expect(summary).toContainText("Open-ended lists · 1");
  await expect(summary.getByRole("listitem").filter({ hasText: /^etc\. in Requirement 2/ })).toBeVisible();
});

test("a proposal's review lists the quality findings accepting would add and remove", async ({ page }) => {
  await signUp(page, newPerson("Rhea"));
  const token = await createApiToken(page, "Editor bot", ["brief:read", "brief:write", "brief:propose"]);
  const projectId = await createProject(page, "Storefront");
  const briefId = await createBrief(page, projectId, "Product pages");
  await callMcpTool(page.request, token, "brief_update", {
    briefId,
    content: { requirements: ["The page shall load within 2 s at p95.", "The export shall offer CSV, PDF etc."] },
    idempotencyKey: newIdempotencyKey(),
  });
  const { proposal } = (await callMcpTool(page.request, token, "brief_propose", {
    briefId,
    baseVersionNum: 2,
    summary: "Simpler wording.",
    changes: { requirements: ["The page shall load fast.", "The export shall offer CSV and PDF."] },
    idempotencyKey: newIdempotencyKey(),
  })) as { proposal: { id: string } };

  await page.goto(`/projects/${projectId}/briefs/${briefId}/proposals/${proposal.id}`);
  const quality = page.getByTestId("proposal-quality");
  await expect(quality.getByRole("heading", { name: "Adds 1 finding" })).toBeVisible();
  await expect(quality.getByRole("list", { name: "Adds 1 finding" }).getByRole("listitem")).toHaveText([/^fast Vague terms · Requirement 1.*The page shall load fast\./]);
  await expect(quality.getByRole("heading", { name: "Removes 1 finding" })).toBeVisible();
  await expect(quality.getByRole("list", { name: "Removes 1 finding" }).getByRole("listitem")).toHaveText([/^etc\. Open-ended lists · Requirement 2.*CSV, PDF etc\./]);
});

test("the review gate refuses a brief with an open error finding, then admits it once one is fixed and another suppressed with a reason", async ({ page }) => {
  await signUp(page, newPerson("Gale"));
  const projectId = await createProject(page, "Gated");
  const settings = page.getByRole("form", { name: "Quality settings" });
  await settings.getByLabel("Require quality before review").check();
  await settings.getByRole("button", { name: "Save quality settings" }).click();
  await expect(settings.getByText("Saved: briefs need their error findings fixed or suppressed before review.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("form", { name: "Quality settings" }).getByLabel("Require quality before review")).toBeChecked();

  await createBrief(page, projectId, "Gated export");
  await page.getByRole("button", { name: "+ Add requirement" }).click();
  await page.getByLabel("Requirement 1", { exact: true }).fill("The export shall finish fast.");
  await page.getByRole("button", { name: "+ Add requirement" }).click();
  await page.getByLabel("Requirement 2", { exact: true }).fill("The export shall offer CSV, PDF etc.");
  await page.getByRole("button", { name: "+ Add criterion" }).click();
  await page.getByLabel("Criterion 1 text").fill("A CSV file downloads within 5 s.");
  await addChecklistRows(page, ["Export a brief"]);
  await save(page, 2);

  // The project's list counts the open findings.
  const briefUrl = page.url();
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByRole("list", { name: "Briefs" }).getByTestId("brief-quality-findings")).toHaveText("2 quality findings");
  await page.goto(briefUrl);

  // Refused, and the lifecycle says why.
  const lifecycle = page.getByTestId("lifecycle");
  await expect(lifecycle.getByRole("button", { name: "Submit for review" })).toBeDisabled();
  await expect(lifecycle).toContainText("This project requires quality before review");

  // One finding fixed in the editor…
  await page.getByLabel("Requirement 1", { exact: true }).fill("The export shall finish within 10 s for 1,000 rows.");
  await save(page, 3);
  await page.getByRole("button", { name: "Done editing" }).click();

  // …the other suppressed in read mode, with a reason.
  const summary = page.getByTestId("quality-findings");
  await summary.getByText("1 quality finding").click();
  await summary.getByRole("button", { name: "Suppress…" }).click();
  const form = summary.getByRole("form", { name: "Suppress “etc.”" });
  await form.getByLabel("Why is “etc.” not a defect here?").fill("The formats list lives in the export spec, linked below.");
  await form.getByRole("button", { name: "Suppress" }).click();
  await expect(summary).toContainText("No open quality findings");
  await expect(summary.getByTestId("suppressed-findings")).toContainText("suppressed by Gale: “The formats list lives in the export spec, linked below.”");

  // It is in the brief's history, attributed, with its reason.
  await historyTab(page, "Suppressed findings").click();
  await expect(historyPanel(page).getByTestId("history-item").first()).toContainText("The formats list lives in the export spec, linked below.");

  await expect(lifecycle.getByRole("button", { name: "Submit for review" })).toBeEnabled();
  await lifecycle.getByRole("button", { name: "Submit for review" }).click();
  await expect(lifecycle.getByText("In review", { exact: true })).toBeVisible();
});
