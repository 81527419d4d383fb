import { expect, test, type Browser, type Page } from "@playwright/test";
import { editUrl, save, saveStatus } from "./support/editor";
import { newPerson, signUp, type Person } from "./support/people";
import { createBrief, createProject, inviteMember } from "./support/projects";

async function personInNewContext(browser: Browser, baseURL: string | undefined, person: Person): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signUp(page, person);
  return page;
}

test("when someone else saved first: the conflict is explained, their change is shown, nothing typed is lost, and overwriting works", async ({ page: alice, browser, baseURL }) => {
  const bob = newPerson("Bob");
  const bobPage = await personInNewContext(browser, baseURL, bob);
  await signUp(alice, newPerson("Alice"));
  const projectId = await createProject(alice, "Shared");
  const briefId = await createBrief(alice, projectId, "Two editors");
  await inviteMember(alice, projectId, bob.email, "editor");

  await alice.goto(editUrl(projectId, briefId));
  await alice.getByLabel("Goal", { exact: true }).fill("Where we started");
  await save(alice, 2);
  await bobPage.goto(editUrl(projectId, briefId));
  await expect(bobPage.getByLabel("Goal", { exact: true })).toHaveValue("Where we started");

  // Both edit; Bob saves first.
  await alice.getByLabel("Goal", { exact: true }).fill("Alice's goal");
  await alice.getByRole("button", { name: "+ Add requirement" }).click();
  await alice.getByLabel("Requirement 1", { exact: true }).fill("Alice's requirement");
  await bobPage.getByLabel("Goal", { exact: true }).fill("Bob's goal");
  await bobPage.getByLabel("Scope", { exact: true }).fill("Bob's scope");
  await expect(saveStatus(bobPage)).toHaveText("Unsaved changes");
  await save(bobPage, 3);

  await alice.getByRole("button", { name: "Save", exact: true }).click();
  const panel = alice.getByTestId("conflict-panel");
  await expect(panel.getByRole("heading", { name: "Someone else saved first" })).toBeVisible();
  await expect(panel).toContainText("You started from version 2; it is now at version 3");
  await expect(panel).toContainText(`last saved by ${bob.name}`);
  await expect(panel).toContainText("You both changed: Goal.");
  await expect(panel.getByTestId("diff-goal")).toContainText("Removed: Where we started");
  await expect(panel.getByTestId("diff-goal")).toContainText("Added: Bob's goal");
  await expect(panel.getByTestId("diff-scope")).toContainText("Added: Bob's scope");
  // Alice's typing is still there.
  await expect(alice.getByLabel("Goal", { exact: true })).toHaveValue("Alice's goal");
  await expect(alice.getByLabel("Requirement 1", { exact: true })).toHaveValue("Alice's requirement");
  await expect(saveStatus(alice)).toHaveText("Unsaved changes");
  await alice.screenshot({ path: test.info().outputPath("conflict.png"), fullPage: true });

  await panel.getByRole("button", { name: "Overwrite with mine" }).click();
  await expect(saveStatus(alice)).toHaveText("Saved as version 4.");
  await expect(alice.getByTestId("conflict-panel")).toHaveCount(0);
  await expect(alice.getByLabel("Goal", { exact: true })).toHaveValue("Alice's goal");
  // Overwrite means Alice's whole document: Bob's scope is gone, as the diff said.
  await expect(alice.getByLabel("Scope", { exact: true })).toHaveValue("");

  // Bob had nothing unsaved, so his page follows by itself.
  await expect(bobPage.getByLabel("Goal", { exact: true })).toHaveValue("Alice's goal", { timeout: 10_000 });
  await expect(bobPage.getByLabel("Requirement 1", { exact: true })).toHaveValue("Alice's requirement");
  await bobPage.context().close();
});

test("with unsaved edits, a change elsewhere is announced and can be reviewed, then reloaded", async ({ page, browser, baseURL }) => {
  const me = newPerson("Sam");
  await signUp(page, me);
  const projectId = await createProject(page, "One person, two tabs");
  const briefId = await createBrief(page, projectId, "Two tabs");
  // The same person in a second browser window.
  const other = await (await browser.newContext({ baseURL, storageState: await page.context().storageState() })).newPage();

  await page.goto(editUrl(projectId, briefId));
  await other.goto(editUrl(projectId, briefId));
  await page.getByLabel("Goal", { exact: true }).fill("Typed in tab one");
  await other.getByLabel("Design", { exact: true }).fill("Saved in tab two");
  await save(other, 2);

  const banner = page.getByTestId("changed-elsewhere");
  await expect(banner).toContainText("This brief changed elsewhere (now version 2");
  await expect(page.getByLabel("Goal", { exact: true })).toHaveValue("Typed in tab one");
  await banner.getByRole("button", { name: "Review changes" }).click();
  const panel = page.getByTestId("conflict-panel");
  await expect(panel.getByRole("heading", { name: "This brief changed elsewhere" })).toBeVisible();
  await expect(panel.getByTestId("diff-design")).toContainText("Added: Saved in tab two");
  await panel.getByRole("button", { name: "Reload theirs" }).click();
  await expect(page.getByLabel("Design", { exact: true })).toHaveValue("Saved in tab two");
  await expect(page.getByLabel("Goal", { exact: true })).toHaveValue("");
  await expect(saveStatus(page)).toHaveText("All changes saved · version 2");
  await other.context().close();
});
