import { expect, test, type Page } from "@playwright/test";
import { addChecklistRows, CHECKED_BY, editorUrl, historyPanel, qaCheckbox, qaPanel, qaRow, save, saveStatus } from "./support/editor";
import { holdLiveStamp, holdRefreshes } from "./support/held-requests";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject } from "./support/projects";

// A test that fails while requests are held back leaves their route handlers waiting.
test.afterEach(({ page }) => page.unrouteAll({ behavior: "ignoreErrors" }));

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

test("a tick's attribution comes with the route's answer: no page refresh is waited for or set off, and refreshes landing later never bring the old row back", async ({ page }) => {
  const qa = newPerson("Tia");
  await signUp(page, qa);
  const projectId = await createProject(page, "Attribution");
  const briefId = await createBrief(page, projectId, "Receipts");
  await addChecklistRows(page, ["Print a receipt", "Email a receipt", "Refund a receipt", "Void a receipt"]);
  await save(page, 2);

  // Leave the page first: the save's own refresh, and the one its live event asks for, must not be
  // counted below as refreshes of the page opened next.
  await page.goto("about:blank");
  // The page's refreshes are answered only when the test lets them through, and the live stamp,
  // which refreshes the page once the brief changed, waits as well.
  const refreshes = await holdRefreshes(page, editorUrl(projectId, briefId));
  const stamp = await holdLiveStamp(page);
  // The page never tells the server it has the brief open, so changes come without its data and
  // the page fetches it: the refreshes held here (the next test covers data that comes with them).
  await page.route("**/api/briefs/*/presence", (route) => route.fulfill({ json: { ok: true, data: { people: [], agents: [] } } }));
  await page.goto(editorUrl(projectId, briefId));
  await expect(qaPanel(page)).toContainText("0 of 4 checked");
  await recordQaRows(page);

  // Two rows ticked one after the other. Each "Checked by" is the route's answer alone. Neither
  // tick refreshes the page: a refresh renders the whole page on the server again and Next then
  // fetches every link in view anew, and the next tick's answer would wait behind all of that.
  for (const text of ["Print a receipt", "Email a receipt"]) {
    await qaCheckbox(page, text).click();
    await expect(qaRow(page, text)).toContainText(CHECKED_BY(qa.name));
  }
  expect(refreshes.count(), "page refreshes set off by the ticks").toBe(0);
  // The page data is still at version 2: the header shows the version, not who saved an older one.
  await expect(page.getByTestId("brief-version")).toHaveText("Version 4");

  // The live stamp sees version 4 and the page asks for a refresh; its answer (the brief at
  // version 4) is held back while a third row is ticked, so it lands after that row's attribution.
  stamp.release();
  await expect.poll(refreshes.count).toBeGreaterThan(0);
  await qaCheckbox(page, "Refund a receipt").click();
  await expect(qaRow(page, "Refund a receipt")).toContainText(CHECKED_BY(qa.name));
  refreshes.release();

  // The page data catches up: the history lists the ticks' versions, the header says who saved.
  await expect(historyPanel(page).getByRole("link", { name: "Version 5", exact: true })).toBeVisible();
  await expect(page.getByTestId("brief-version")).toContainText(`Version 5 · last saved by ${qa.name}`);
  await expect(qaPanel(page)).toContainText("3 of 4 checked");
  expect(await oldRowsShownAgain(page)).toEqual([]);
});

test("with the brief open, ticks in a row bring their own data with their events: nothing is fetched, not even the inbox, and no row looks older again", async ({ page }) => {
  const qa = newPerson("Una");
  await signUp(page, qa);
  const projectId = await createProject(page, "Pushed ticks");
  const briefId = await createBrief(page, projectId, "Labels");
  // One row stays open: ticking the last one completes the list, and that refreshes at once.
  await addChecklistRows(page, ["Print a label", "Scan a label", "Void a label", "Ship a label"]);
  await save(page, 2);
  await page.goto("about:blank");

  const fetched: string[] = [];
  page.on("request", (request) => /\/page-data$|^\/api\/inbox\//.test(new URL(request.url()).pathname) && fetched.push(request.url()));
  // Once the page has said it is here, and has checked its stamp as its stream opened (that check
  // would fetch a change it saw before the change's event).
  const present = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === `/api/briefs/${briefId}/presence`);
  const checked = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/briefs/${briefId}/stamp`);
  await page.goto(editorUrl(projectId, briefId));
  await Promise.all([present, checked]);
  await recordQaRows(page);
  // The header's inbox reads itself as the page opens and once more a second after the stream opened
  // (it may have missed something); ticks do not change it, so after that it is not read again.
  await expect.poll(() => fetched.filter((url) => url.includes("/api/inbox/")).length).toBeGreaterThanOrEqual(2);
  fetched.length = 0;

  for (const text of ["Print a label", "Scan a label", "Void a label"]) {
    await qaCheckbox(page, text).click();
    await expect(qaRow(page, text)).toContainText(CHECKED_BY(qa.name));
  }
  // The page data catches up from the events alone (the history lists the third tick's version),
  // more than the inbox's 1 s settling time after the first tick.
  await expect(historyPanel(page).getByRole("link", { name: "Version 5", exact: true })).toBeVisible();
  await expect(page.getByTestId("brief-version")).toContainText(`Version 5 · last saved by ${qa.name}`);
  expect(fetched).toEqual([]);
  expect(await oldRowsShownAgain(page)).toEqual([]);
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

/** From now on, every look each QA row takes is recorded: its box and its attribution line. */
async function recordQaRows(page: Page): Promise<void> {
  await page.evaluate(() => {
    const looks: Record<string, string[]> = {};
    (window as unknown as { qaRowLooks: typeof looks }).qaRowLooks = looks;
    const record = () => {
      for (const row of document.querySelectorAll('[data-testid="qa-checklist"] [data-testid="qa-row"]')) {
        const box = row.querySelector<HTMLInputElement>('input[type="checkbox"]');
        const look = `${box?.checked ? "☑" : "☐"} ${row.querySelector('[data-testid="qa-row-attribution"]')?.textContent ?? ""}`;
        const seen = (looks[box?.getAttribute("aria-label") ?? ""] ??= []);
        if (seen.at(-1) !== look) seen.push(look);
      }
    };
    record();
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/** Looks a row took after its confirmed attribution first showed that were not that attribution. */
async function oldRowsShownAgain(page: Page): Promise<string[]> {
  const looks = await page.evaluate(() => (window as unknown as { qaRowLooks: Record<string, string[]> }).qaRowLooks);
  return Object.entries(looks).flatMap(([row, seen]) => {
    const confirmed = seen.findIndex((look) => /^☑ Checked by .+ at /.test(look));
    return confirmed < 0 ? [] : seen.slice(confirmed).filter((look) => !/^☑ Checked by .+ at /.test(look)).map((look) => `${row}: ${look}`);
  });
}
