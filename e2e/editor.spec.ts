import { expect, test } from "@playwright/test";
import { startEditing } from "./support/editor";
import { expectNoHorizontalScroll } from "./support/layout";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject } from "./support/projects";
import { createApiToken } from "./support/tokens";

test("a PM fills every kind of section, saves, and finds it all after a reload", async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    // The app has no favicon yet; that 404 is not the editor's.
    if (message.type() === "error" && !message.location().url.endsWith("/favicon.ico")) consoleErrors.push(`${message.text()} ${message.location().url}`);
  });
  await signUp(page, newPerson("Pam"));
  const projectId = await createProject(page, "Checkout");
  await createBrief(page, projectId, "Guest checkout");
  await expect(page).toHaveTitle("Guest checkout · Briefs");
  await expect(page.getByRole("heading", { level: 1, name: "Guest checkout" })).toBeVisible();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved · version 1");

  await page.getByLabel("Title", { exact: true }).fill("Guest checkout without an account");
  await page.getByLabel("Goal", { exact: true }).fill("Let first-time buyers pay without creating an account.");
  await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");

  await page.getByRole("button", { name: "+ Add requirement" }).click();
  await page.getByLabel("Requirement 1", { exact: true }).fill("A guest can pay with a card.");
  await page.getByRole("button", { name: "+ Add requirement" }).click();
  await page.getByLabel("Requirement 2", { exact: true }).fill("A guest gets an emailed receipt.");
  // Reorder: the receipt first.
  await page.getByRole("button", { name: "Move requirement 2 up" }).click();
  await expect(page.getByLabel("Requirement 1", { exact: true })).toHaveValue("A guest gets an emailed receipt.");

  await page.getByRole("button", { name: "+ Add criterion" }).click();
  await expect(page.getByLabel("Criterion 1 id")).toHaveValue("AC-1");
  await page.getByLabel("Criterion 1 text").fill("Paying as a guest takes at most three steps.");
  await page.getByRole("button", { name: "+ Add criterion" }).click();
  await page.getByLabel("Criterion 2 text").fill("The receipt wording is approved by legal.");
  await page.getByRole("switch", { name: "Needs implementation for Criterion 2" }).click();
  await page.getByLabel("Criterion 2 rationale").fill("Copy review, no code.");
  await page.getByLabel("Criterion 2 evidence path").fill("docs/legal/receipt-approval.pdf");

  await page.getByRole("button", { name: "+ Add checklist row" }).click();
  await page.getByLabel("Checklist row 1", { exact: true }).fill("Pay with a test card as a guest");

  await page.getByRole("button", { name: "+ Add ticket" }).click();
  await page.getByLabel("Ticket 1 title").fill("Guest payment form");
  await page.getByLabel("Ticket 1 description").fill("Card form without sign-in.");
  await page.getByRole("checkbox", { name: "AC-1" }).check();
  await page.getByLabel("Ticket 1 bound requirements").fill("REQ-1, REQ-2");

  await page.getByRole("button", { name: "+ Add decision" }).click();
  await page.getByLabel("Decision 1 text").fill("No account creation at checkout.");
  await page.getByLabel("Decision 1 source").fill("Kick-off meeting");
  await page.getByLabel("Decision 1 provenance").selectOption("Inferred");

  await page.getByRole("button", { name: "+ Add artifact" }).click();
  await page.getByLabel("Artifact 1 label").fill("Checkout funnel analysis");
  await page.getByLabel("Artifact 1 kind").fill("doc");
  await page.getByLabel("Artifact 1 read").selectOption("Read");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved as version 2.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guest checkout without an account");
  await page.screenshot({ path: test.info().outputPath("editor.png"), fullPage: true });

  await page.reload();
  await expect(page).toHaveTitle("Guest checkout without an account · Briefs");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved · version 2");
  await expect(page.getByLabel("Goal", { exact: true })).toHaveValue("Let first-time buyers pay without creating an account.");
  await expect(page.getByLabel("Requirement 1", { exact: true })).toHaveValue("A guest gets an emailed receipt.");
  await expect(page.getByLabel("Requirement 2", { exact: true })).toHaveValue("A guest can pay with a card.");
  await expect(page.getByLabel("Criterion 1 text")).toHaveValue("Paying as a guest takes at most three steps.");
  await expect(page.getByRole("switch", { name: "Needs implementation for Criterion 1" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Needs implementation for Criterion 2" })).not.toBeChecked();
  await expect(page.getByLabel("Criterion 2 evidence path")).toHaveValue("docs/legal/receipt-approval.pdf");
  await expect(page.getByLabel("Checklist row 1", { exact: true })).toHaveValue("Pay with a test card as a guest");
  await expect(page.getByRole("checkbox", { name: "AC-1" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "AC-2" })).not.toBeChecked();
  await expect(page.getByLabel("Ticket 1 bound requirements")).toHaveValue("REQ-1, REQ-2");
  await expect(page.getByLabel("Decision 1 provenance")).toHaveValue("false");
  await expect(page.getByLabel("Artifact 1 read")).toHaveValue("true");
  // The new checklist row shows in QA's list too.
  await expect(page.getByTestId("qa-checklist").getByRole("checkbox", { name: "Pay with a test card as a guest" })).not.toBeChecked();

  // The phone layout fits without sideways scrolling.
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath("editor-390-top.png") });
  await page.getByLabel("Criterion 2 rationale").scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("editor-390-criteria.png") });
  await page.screenshot({ path: test.info().outputPath("editor-390.png"), fullPage: true });
  // No hydration mismatches or other errors along the way.
  expect(consoleErrors).toEqual([]);
});

test("validation errors show at the field with the contract's bounds, before any save", async ({ page }) => {
  await signUp(page, newPerson("Val"));
  const projectId = await createProject(page, "Validation");
  await createBrief(page, projectId, "Bounds");

  await page.getByRole("button", { name: "+ Add criterion" }).click();
  const id = page.getByLabel("Criterion 1 id");
  await id.fill("bad id!");
  await id.blur();
  await expect(id).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Must start with a letter or digit and contain only letters, digits, '.', '_', ':' or '-'.")).toBeVisible();

  const goal = page.getByLabel("Goal", { exact: true });
  await goal.fill("x".repeat(4001));
  await goal.blur();
  await expect(page.getByText("4001 / 4000")).toBeVisible();
  await expect(goal).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#f-content-goal-error")).toHaveText("Too long: at most 4000 characters.");

  // Saving is refused in the browser: the summary names each field, and nothing was written.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("Goal: Too long: at most 4000 characters.");
  await expect(summary).toContainText("Acceptance criteria, item 1, id");
  await expect(summary).toContainText("Acceptance criteria, item 1, text: Must not be empty.");
  await summary.getByRole("button", { name: "Acceptance criteria, item 1, text" }).click();
  await expect(page.getByLabel("Criterion 1 text")).toBeFocused();
  await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");

  await id.fill("AC-1");
  await page.getByLabel("Criterion 1 text").fill("Fine now");
  await goal.fill("Short enough.");
  await expect(page.getByTestId("error-summary")).toHaveCount(0);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved as version 2.");
});

test("unknown keys and _draft written by an agent are shown read-only and kept when a person saves", async ({ page }) => {
  await signUp(page, newPerson("Kim"));
  const projectId = await createProject(page, "Agents");
  const briefId = await createBrief(page, projectId, "Agent metadata");
  const token = await createApiToken(page, "Writer", ["brief:read", "brief:write"]);
  await callMcpTool(page.request, token, "brief_update", {
    briefId,
    content: { goal: "From the agent", "x-agent": { model: "m-1", run: 7 }, _draft: { notes: ["half-done idea"] } },
    idempotencyKey: newIdempotencyKey(),
  });

  // Read mode lists them under "Other data"; the form shows them the same way and keeps them.
  await page.goto(`/projects/${projectId}/briefs/${briefId}`);
  await expect(page.getByTestId("extra-key-x-agent")).toContainText('"model": "m-1"');
  await startEditing(page);
  await expect(page.getByTestId("extra-key-x-agent")).toContainText('"model": "m-1"');
  await expect(page.getByTestId("extra-key-_draft")).toContainText("half-done idea");
  // The form stays disabled until the page is live, so the typing waits for it and counts.
  const goal = page.getByLabel("Goal", { exact: true });
  await goal.fill("Edited by a person");
  await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved as version 3.");

  const full = (await callMcpTool(page.request, token, "brief_get_full", { briefId })) as { brief: { content: Record<string, unknown> } };
  expect(full.brief.content).toEqual({ goal: "Edited by a person", "x-agent": { model: "m-1", run: 7 }, _draft: { notes: ["half-done idea"] } });
});
