import { expect, test, type Page } from "@playwright/test";
import { addChecklistRows, briefDocument, editorUrl, editUrl, historyPanel, save } from "./support/editor";
import { expectNoHorizontalScroll } from "./support/layout";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject, inviteMember } from "./support/projects";
import { createApiToken } from "./support/tokens";

test("a version an agent wrote says once through which token, and names the tool", async ({ page }) => {
  const pm = newPerson("Vera");
  await signUp(page, pm);
  const projectId = await createProject(page, "Origins");
  const briefId = await createBrief(page, projectId, "Who wrote this");
  await addChecklistRows(page, ["Tick through the agent"]);
  await save(page, 2);
  const token = await createApiToken(page, "Release bot", ["brief:read", "brief:write"]);
  await callMcpTool(page.request, token, "brief_checklist_update", {
    briefId,
    index: 0,
    expectedText: "Tick through the agent",
    checked: true,
    idempotencyKey: newIdempotencyKey(),
  });

  await page.goto(editorUrl(projectId, briefId));
  const items = historyPanel(page).getByTestId("history-item");
  await expect(items).toHaveCount(3);
  const [agentVersion, webVersion] = [items.nth(0), items.nth(1)];
  await expect(agentVersion).toContainText("Version 3");
  await expect(agentVersion).toContainText(`${pm.email} via Release bot`);
  await expect(agentVersion).toContainText("brief_checklist_update");
  expect((await agentVersion.innerText()).match(/\bvia\b/g)).toHaveLength(1);
  await expect(webVersion).toContainText(pm.name);
  expect((await webVersion.innerText()).match(/\bvia\b/g)?.length ?? 0).toBeLessThanOrEqual(1);

  await agentVersion.getByRole("link", { name: "Version 3", exact: true }).click();
  const origin = page.getByTestId("version-origin");
  await expect(origin).toContainText(`${pm.email} via Release bot`);
  await expect(origin).toContainText("brief_checklist_update");
  expect((await origin.innerText()).match(/\bvia\b/g)).toHaveLength(1);
});

/** Three saved edits after the brief's creation: versions 2 (goal), 3 (goal, requirements) and 4 (scope). */
async function briefWithFourVersions(page: Page, title: string) {
  const projectId = await createProject(page, `${title} project`);
  const briefId = await createBrief(page, projectId, title);
  await page.getByLabel("Goal", { exact: true }).fill("Goal one");
  await save(page, 2);
  await page.getByLabel("Goal", { exact: true }).fill("Goal two");
  await page.getByRole("button", { name: "+ Add requirement" }).click();
  await page.getByLabel("Requirement 1", { exact: true }).fill("Export as CSV");
  await save(page, 3);
  await page.getByLabel("Scope", { exact: true }).fill("Invoices only");
  await save(page, 4);
  return { projectId, briefId, versions: `${editorUrl(projectId, briefId)}/versions` };
}

test("the history says what each version changed, and any two versions can be compared, on a desktop and a phone", async ({ page }) => {
  await signUp(page, newPerson("Cora"));
  const { projectId, briefId, versions } = await briefWithFourVersions(page, "Compare me");

  await page.goto(editorUrl(projectId, briefId));
  const items = historyPanel(page).getByTestId("history-item");
  await expect(items).toHaveCount(4);
  await expect(items.nth(0).getByTestId("version-changed-sections")).toHaveText("Changed Scope");
  await expect(items.nth(1).getByTestId("version-changed-sections")).toHaveText("Changed Goal and Requirements");
  await expect(items.nth(2).getByTestId("version-changed-sections")).toHaveText("Changed Goal");
  await expect(items.nth(0)).toContainText("in the browser");

  // A row's changed sections open exactly that version's changes.
  await items.nth(1).getByRole("link", { name: "Goal and Requirements" }).click();
  await expect(page).toHaveURL(`${versions}/2?compare=3`);
  await expect(page.getByRole("heading", { name: "Changes from version 2 to version 3" })).toBeVisible();
  await expect(page.getByTestId("diff-goal")).toContainText("Removed: Goal one");
  await expect(page.getByTestId("diff-goal")).toContainText("Added: Goal two");
  await expect(page.getByTestId("diff-requirements")).toContainText("Added: Export as CSV");
  await expect(page.getByTestId("diff-scope")).toHaveCount(0);

  // Two other versions, picked in the form.
  const form = page.getByRole("form", { name: "Compare versions" });
  await form.getByLabel("From version", { exact: true }).selectOption("1");
  await form.getByLabel("To version", { exact: true }).selectOption("4");
  await form.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(`${versions}/1?compare=4`);
  await expect(page.getByRole("heading", { name: "Changes from version 1 to the current version 4" })).toBeVisible();
  await expect(page.getByTestId("diff-scope")).toContainText("Added: Invoices only");
  await expect(form.getByLabel("From version", { exact: true })).toHaveValue("1");
  await expect(form.getByLabel("To version", { exact: true })).toHaveValue("4");
  await page.screenshot({ path: test.info().outputPath("compare-desktop.png"), fullPage: true });

  await page.getByRole("link", { name: "Swap: changes from version 4 to version 1" }).click();
  await expect(page).toHaveURL(`${versions}/4?compare=1`);
  await expect(page.getByTestId("diff-scope")).toContainText("Removed: Invoices only");

  // On a phone: the same form, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await form.getByLabel("From version", { exact: true }).selectOption("3");
  await form.getByLabel("To version", { exact: true }).selectOption("2");
  await form.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(`${versions}/3?compare=2`);
  await expect(page.getByRole("heading", { name: "Changes from version 3 to version 2" })).toBeVisible();
  await expect(page.getByTestId("diff-requirements")).toContainText("Removed: Export as CSV");
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath("compare-phone.png"), fullPage: true });

  // A version the brief never had is a missing page, as in the path.
  await page.goto(`${versions}/2?compare=9`);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("restoring a version writes it back as a new version; a change made meanwhile is shown, never overwritten", async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  const other = await (await browser.newContext()).newPage();
  const rita = newPerson("Rita");
  const vic = newPerson("Vic");
  await signUp(page, rita);
  await signUp(other, vic);
  const { projectId, briefId, versions } = await briefWithFourVersions(page, "Restore me");
  await inviteMember(page, projectId, vic.email, "editor");

  // Rita opens version 2 while Vic saves a fifth version.
  await page.goto(`${versions}/2`);
  await expect(page.getByRole("heading", { name: "Changes from version 2 to the current version 4" })).toBeVisible();
  await other.goto(editUrl(projectId, briefId));
  await other.getByLabel("Goal", { exact: true }).fill("Vic's goal");
  await expect(other.getByTestId("save-status")).toHaveText("Unsaved changes");
  await save(other, 5);

  await page.getByRole("button", { name: "Restore this version" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Restore version 2" }).click();
  const conflict = page.getByTestId("restore-conflict");
  await expect(conflict).toContainText("Someone changed the brief first");
  await expect(conflict).toContainText("the brief is now at version 5. Nothing was restored.");
  await other.reload();
  await expect(other.getByTestId("brief-version")).toContainText("Version 5");
  await expect(other.getByLabel("Goal", { exact: true })).toHaveValue("Vic's goal");

  await expect(conflict.getByRole("link", { name: "See what changed" })).toHaveAttribute("href", `${versions}/4?compare=5`);
  await conflict.getByRole("button", { name: "Restore version 2 over version 5" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Version 2 was restored as version 6." })).toBeVisible();

  await page.getByRole("link", { name: "Open the brief" }).click();
  await expect(page.getByTestId("brief-version")).toContainText("Version 6");
  await expect(briefDocument(page).locator("#doc-goal .markdown")).toHaveText("Goal one");
  await expect(briefDocument(page).locator("#doc-scope")).toHaveCount(0);
  const newest = historyPanel(page).getByTestId("history-item").first();
  await expect(newest).toContainText("Version 6");
  await expect(newest).toContainText("restored version 2");
  await expect(newest.getByTestId("version-changed-sections")).toHaveText("Changed Goal, Scope and Requirements");
  await expect(newest).toContainText(`${rita.name} in the browser`);

  // The restored version says so; the current version and people who may only read offer no restore.
  await page.goto(`${versions}/6`);
  await expect(page.getByText("Restored version 2")).toBeVisible();
  await expect(page.getByRole("button", { name: "Restore this version" })).toHaveCount(0);
  await page.goto(`/projects/${projectId}`);
  await page.getByRole("combobox", { name: `Role for ${vic.email}` }).selectOption("viewer");
  await page.getByRole("button", { name: `Save role for ${vic.email}` }).click();
  // Saved once the page has the new role back from the server: the save button goes when the saved role is the chosen one.
  // (The row's text always holds "Viewer": it is one of the select's options.)
  await expect(page.getByRole("button", { name: `Save role for ${vic.email}` })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: `Role for ${vic.email}` })).toHaveValue("viewer");
  await other.goto(`${versions}/2`);
  await expect(other.getByRole("heading", { level: 1, name: "Version 2" })).toBeVisible();
  await expect(other.getByRole("button", { name: "Restore this version" })).toHaveCount(0);
});
