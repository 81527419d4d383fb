import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { briefDocument, CHECKED_BY, qaCheckbox, qaRow } from "./support/editor";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject, inviteMember } from "./support/projects";

const prdPath = path.join(process.cwd(), "tests/fixtures/import/markdown/guest-checkout-prd.md");

function previewCard(page: Page, title: string): Locator {
  return page.getByTestId("import-preview-brief").filter({ has: page.getByRole("heading", { level: 3, name: title }) });
}

function briefList(page: Page): Locator {
  return page.getByRole("list", { name: "Briefs", exact: true }).getByRole("listitem");
}

/** Drops a file on the zone as a browser does: a drop event carrying it in a DataTransfer. */
async function dropFile(page: Page, name: string, text: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, text }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type: "text/markdown" }));
      return transfer;
    },
    { name, text },
  );
  const zone = page.getByTestId("drop-zone");
  await zone.dispatchEvent("dragenter", { dataTransfer });
  await zone.dispatchEvent("drop", { dataTransfer });
}

/** Drops a binary file (a Word document) on the zone, as `dropFile` does for text. */
async function dropBytes(page: Page, name: string, bytes: Buffer, type: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, data, type }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], name, { type }));
      return transfer;
    },
    { name, data: [...bytes], type },
  );
  const zone = page.getByTestId("drop-zone");
  await zone.dispatchEvent("dragenter", { dataTransfer });
  await zone.dispatchEvent("drop", { dataTransfer });
}

/**
 * The page's next import request reaches the server and is answered, but the page is told the
 * connection failed, as when an answer is lost on the way back. (Intercepting with page.route
 * would not do: Chromium does not hand over the bytes of a form's file parts to it.)
 */
async function dropFirstImportAnswer(page: Page): Promise<void> {
  await page.evaluate(() => {
    const realFetch = window.fetch.bind(window);
    const counter = window as { importAnswersDropped?: number };
    counter.importAnswersDropped = 0;
    window.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      if (counter.importAnswersDropped === 0 && init?.body instanceof FormData && init.body.get("mode") === "import") {
        counter.importAnswersDropped += 1;
        throw new TypeError("Failed to fetch");
      }
      return response;
    };
  });
}

test("an editor drops a PRD, moves Background to Goal in the preview, imports it and ticks an imported QA row", async ({ page: owner, browser, baseURL }) => {
  const eddie = newPerson("Eddie");
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signUp(page, eddie);
  await signUp(owner, newPerson("Olga"));
  const projectId = await createProject(owner, "Checkout");
  await inviteMember(owner, projectId, eddie.email, "editor");

  await page.goto(`/projects/${projectId}`);
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import briefs" })).toBeVisible();
  await dropFile(page, "guest-checkout-prd.md", fs.readFileSync(prdPath, "utf8"));
  await expect(page.getByRole("list", { name: "Chosen files" })).toContainText("guest-checkout-prd.md");
  await page.getByRole("button", { name: "Preview", exact: true }).click();

  await expect(page.getByRole("heading", { name: "Preview: 1 brief" })).toBeFocused();
  const card = previewCard(page, "Guest checkout");
  await expect(card).toContainText("From guest-checkout-prd.md");
  await expect(card.getByRole("combobox", { name: "Section for Problem" })).toHaveValue("goal");
  await expect(card.getByRole("combobox", { name: "Section for Background" })).toHaveValue("");
  await expect(card.getByTestId("import-heading").filter({ hasText: /^Payment page/ })).toContainText("Stays inside Product solution");
  const kept = card.getByRole("list", { name: "Kept under their own names in Guest checkout" });
  await expect(kept.getByRole("listitem")).toHaveText(["Introduction", "Background", "Rollout"]);
  const rows = card.getByRole("list", { name: "QA checklist rows of Guest checkout" }).getByRole("listitem");
  await expect(rows).toHaveText(["☑Ticked: Pay with a test card as a guest", "☐Not ticked: Receipt email reaches a guest", "☐Not ticked: Guest order appears in the admin order list"]);

  // The choice re-runs the preview: Background now goes to Goal and is no longer kept on its own.
  await card.getByRole("combobox", { name: "Section for Background" }).selectOption({ label: "Goal" });
  await expect(kept.getByRole("listitem")).toHaveText(["Introduction", "Rollout"]);
  await expect(card.getByRole("combobox", { name: "Section for Background" })).toHaveValue("goal");
  await page.screenshot({ path: test.info().outputPath("import-preview.png"), fullPage: true });
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await page.getByRole("button", { name: "Import 1 brief" }).click();
  await page.waitForURL(new RegExp(`/projects/${projectId}/briefs/[^/?#]+$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guest checkout");
  const goal = briefDocument(page).locator("#doc-goal");
  await expect(goal).toContainText("Four in ten first-time buyers leave at the account wall");
  await expect(goal).toContainText("Checkout has required an account since 2019.");
  // What matched no section is kept under its own name; Background no longer is.
  await expect(briefDocument(page).getByRole("term")).toHaveText(["Introduction", "Rollout"]);

  await expect(qaCheckbox(page, "Pay with a test card as a guest")).toBeChecked();
  await expect(qaCheckbox(page, "Receipt email reaches a guest")).not.toBeChecked();
  await qaCheckbox(page, "Receipt email reaches a guest").click();
  await expect(qaCheckbox(page, "Receipt email reaches a guest")).toBeChecked();
  await expect(qaRow(page, "Receipt email reaches a guest")).toContainText(CHECKED_BY(eddie.name));
  await page.reload();
  await expect(qaCheckbox(page, "Receipt email reaches a guest")).toBeChecked();
  await expect(qaRow(page, "Receipt email reaches a guest")).toContainText(CHECKED_BY(eddie.name));
});

test("an editor drops a Word document, puts its Acceptance heading in the QA checklist, imports it and ticks a row", async ({ page }) => {
  await signUp(page, newPerson("Wanda"));
  const projectId = await createProject(page, "Word files");
  await page.goto(`/projects/${projectId}/import`);
  const docx = fs.readFileSync(path.join(process.cwd(), "tests/fixtures/import/word-style.docx"));
  await dropBytes(page, "checkout-redesign.docx", docx, "application/vnd.openxmlformats-officedocument.wordprocessingml.document");
  await page.getByRole("button", { name: "Preview", exact: true }).click();

  const card = previewCard(page, "Checkout redesign");
  await expect(card).toContainText("From checkout-redesign.docx");
  await expect(card.getByRole("combobox", { name: "Section for Problem" })).toHaveValue("goal");
  await expect(card.getByRole("combobox", { name: "Section for Acceptance" })).toHaveValue("acceptanceCriteria");
  await card.getByRole("combobox", { name: "Section for Acceptance" }).selectOption({ label: "QA checklist" });
  const rows = card.getByRole("list", { name: "QA checklist rows of Checkout redesign" }).getByRole("listitem");
  await expect(rows.first()).toHaveText("☑Ticked: Card errors are shown next to the field");
  await expect(rows.nth(1)).toHaveText("☐Not ticked: Address autocomplete works offline");

  await page.getByRole("button", { name: "Import 1 brief" }).click();
  await page.waitForURL(new RegExp(`/projects/${projectId}/briefs/[^/?#]+$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout redesign");
  await expect(briefDocument(page).locator("#doc-goal")).toContainText("Customers abandon carts at the payment step");
  await expect(briefDocument(page).locator("#doc-requirements").getByRole("table")).toContainText("Pay with a saved card");
  await expect(qaCheckbox(page, "Card errors are shown next to the field")).toBeChecked();
  await qaCheckbox(page, "Address autocomplete works offline").click();
  await expect(qaCheckbox(page, "Address autocomplete works offline")).toBeChecked();
  await page.reload();
  await expect(qaCheckbox(page, "Address autocomplete works offline")).toBeChecked();
});

test("a refused file says why next to it, Cancel writes nothing, and an import whose answer was lost is not repeated", async ({ page }) => {
  // At a phone's width throughout.
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, newPerson("Paula"));
  const projectId = await createProject(page, "Payments");
  await createBrief(page, projectId, "Existing brief");
  await page.goto(`/projects/${projectId}/import`);

  // Picked with the file input; the second file is not UTF-8.
  const picker = page.getByLabel("Choose files");
  await picker.setInputFiles(prdPath);
  await picker.setInputFiles({ name: "broken.md", mimeType: "text/markdown", buffer: Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a]) });
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const broken = page.getByTestId("chosen-file").filter({ hasText: "broken.md" });
  await expect(broken.getByRole("list", { name: "Problems with broken.md" })).toContainText("is not valid UTF-8 text");
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was imported." })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Preview:/ })).toHaveCount(0);

  await page.getByRole("button", { name: "Remove broken.md" }).click();
  await page.getByLabel("Or paste Markdown").fill("# Refund reasons\n\n## Goal\n\nAgents pick a reason for every refund.\n\n## QA\n\n- [ ] Reason is required\n");
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Preview: 2 briefs" })).toBeVisible();
  await expect(previewCard(page, "Refund reasons")).toContainText("From pasted.md");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: test.info().outputPath("import-preview-390.png"), fullPage: true });

  await page.getByRole("button", { name: "Cancel" }).click();
  await page.waitForURL(new RegExp(`/projects/${projectId}$`));
  await page.reload();
  await expect(briefList(page)).toHaveCount(1);
  await expect(briefList(page)).toContainText("Existing brief");

  // The first import's answer never reaches the page, though the server wrote the briefs; trying
  // again sends the same key and gets the same briefs back instead of a second pair.
  await page.goto(`/projects/${projectId}/import`);
  await page.getByLabel("Choose files").setInputFiles(prdPath);
  await page.getByLabel("Or paste Markdown").fill("# Refund reasons\n\n## Goal\n\nAgents pick a reason for every refund.\n");
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Preview: 2 briefs" })).toBeVisible();
  await dropFirstImportAnswer(page);
  await page.getByRole("button", { name: "Import 2 briefs" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The server could not be reached." })).toBeVisible();
  await page.getByRole("button", { name: "Import 2 briefs" }).click();
  await page.waitForURL(new RegExp(`/projects/${projectId}$`));
  const notice = page.getByRole("list", { name: "Imported briefs" });
  await expect(notice.getByRole("listitem")).toHaveText(["Guest checkout from guest-checkout-prd.md", "Refund reasons from pasted.md"]);
  expect(await page.evaluate(() => (window as { importAnswersDropped?: number }).importAnswersDropped)).toBe(1);
  await page.reload();
  await expect(briefList(page)).toHaveCount(3);
  await expect(page.getByRole("list", { name: "Imported briefs" })).toHaveCount(0);
});

test("a ZIP of pages previews as one brief per page, each named by its path inside the ZIP, and imports them all", async ({ page }) => {
  await signUp(page, newPerson("Zoe"));
  const projectId = await createProject(page, "Wiki move");
  await page.goto(`/projects/${projectId}/import`);
  await page.getByLabel("Choose files").setInputFiles(path.join(process.cwd(), "tests/fixtures/import/notion-export.zip"));
  await page.getByRole("button", { name: "Preview", exact: true }).click();

  await expect(page.getByRole("heading", { name: "Preview: 3 briefs" })).toBeFocused();
  const cards = page.getByTestId("import-preview-brief");
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) await expect(card).toContainText("From notion-export.zip/");

  await page.getByRole("button", { name: "Import 3 briefs" }).click();
  await page.waitForURL(new RegExp(`/projects/${projectId}$`));
  await expect(page.getByRole("list", { name: "Imported briefs" }).getByRole("listitem")).toHaveCount(3);
  await expect(briefList(page)).toHaveCount(3);
});
