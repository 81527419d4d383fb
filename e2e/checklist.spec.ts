import { expect, test } from "@playwright/test";
import { addChecklistRows, CHECKED_BY, qaCheckbox, qaPanel, qaRow, save, saveStatus } from "./support/editor";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject } from "./support/projects";

test("QA ticks rows by mouse and by Space; the tick shows at once and its attribution survives a reload", async ({ page }) => {
  const qa = newPerson("Quinn");
  await signUp(page, qa);
  const projectId = await createProject(page, "Payments");
  await createBrief(page, projectId, "Refunds");
  await expect(qaPanel(page)).toContainText("No checklist rows yet.");
  await addChecklistRows(page, ["Refund a card payment", "Refund a partial amount", "Refund twice is refused"]);
  await save(page, 2);
  await expect(qaPanel(page)).toContainText("0 of 3 checked");

  // One click on the row's text toggles it.
  await qaRow(page, "Refund a card payment").getByText("Refund a card payment").click();
  await expect(qaCheckbox(page, "Refund a card payment")).toBeChecked();
  await expect(qaRow(page, "Refund a card payment")).toContainText(CHECKED_BY(qa.name));
  await expect(qaPanel(page)).toContainText("1 of 3 checked");

  // Space on the focused row.
  await qaCheckbox(page, "Refund a partial amount").focus();
  await page.keyboard.press("Space");
  await expect(qaCheckbox(page, "Refund a partial amount")).toBeChecked();
  await expect(qaRow(page, "Refund a partial amount")).toContainText(CHECKED_BY(qa.name));

  // And back off again.
  await qaCheckbox(page, "Refund a card payment").click();
  await expect(qaCheckbox(page, "Refund a card payment")).not.toBeChecked();
  await expect(qaRow(page, "Refund a card payment")).toContainText(`Not checked · added by ${qa.name}`);

  // A tick is not an unsaved edit: the form follows it and has nothing to save.
  await expect(saveStatus(page)).toHaveText("All changes saved · version 5");
  await expect(page.getByRole("group", { name: "QA checklist" })).toContainText(`☑ Checked by ${qa.name}`);
  await qaPanel(page).screenshot({ path: test.info().outputPath("checklist-panel.png") });
  await page.screenshot({ path: test.info().outputPath("checklist.png"), fullPage: true });

  await page.reload();
  await expect(qaCheckbox(page, "Refund a partial amount")).toBeChecked();
  await expect(qaRow(page, "Refund a partial amount")).toContainText(CHECKED_BY(qa.name));
  await expect(qaCheckbox(page, "Refund a card payment")).not.toBeChecked();
  await expect(qaCheckbox(page, "Refund twice is refused")).not.toBeChecked();
  await expect(qaPanel(page)).toContainText("1 of 3 checked");
});

test("a tick the server refuses rolls back with a message", async ({ page }) => {
  await signUp(page, newPerson("Rolf"));
  const projectId = await createProject(page, "Rollback");
  await createBrief(page, projectId, "Stale rows");
  await addChecklistRows(page, ["Row that moved"]);
  await save(page, 2);

  // Pretend the page still showed older text: the server compares expectedText and refuses.
  await page.route("**/api/briefs/*/checklist", async (route) => {
    const body = JSON.parse(route.request().postData() ?? "{}");
    await route.continue({ postData: JSON.stringify({ ...body, expectedText: "An older text of this row" }) });
  });
  const refused = page.waitForResponse((r) => r.url().includes("/checklist") && r.request().method() === "POST");
  await qaCheckbox(page, "Row that moved").click();
  expect((await refused).status()).toBe(409);
  await expect(qaPanel(page).getByRole("alert")).toContainText("was changed or moved by someone else meanwhile");
  await expect(qaCheckbox(page, "Row that moved")).not.toBeChecked();
  await page.unroute("**/api/briefs/*/checklist");

  await page.reload();
  await expect(qaCheckbox(page, "Row that moved")).not.toBeChecked();
  await expect(saveStatus(page)).toHaveText("All changes saved · version 2");
});

test("ticking a row while editing other sections keeps the edits and the next save does not conflict", async ({ page }) => {
  const pm = newPerson("Mia");
  await signUp(page, pm);
  const projectId = await createProject(page, "Both at once");
  await createBrief(page, projectId, "Edit and tick");
  await addChecklistRows(page, ["First row", "Second row"]);
  await save(page, 2);

  await page.getByLabel("Goal", { exact: true }).fill("Typed before the tick");
  await expect(saveStatus(page)).toHaveText("Unsaved changes");
  await qaCheckbox(page, "Second row").click();
  await expect(qaRow(page, "Second row")).toContainText(CHECKED_BY(pm.name));
  await expect(page.getByLabel("Goal", { exact: true })).toHaveValue("Typed before the tick");
  await expect(page.getByTestId("changed-elsewhere")).toHaveCount(0);

  await save(page, 4);
  await page.reload();
  await expect(page.getByLabel("Goal", { exact: true })).toHaveValue("Typed before the tick");
  await expect(qaCheckbox(page, "Second row")).toBeChecked();
  await expect(qaCheckbox(page, "First row")).not.toBeChecked();
});
