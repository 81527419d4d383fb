import { expect, test, type Page } from "@playwright/test";
import { addChecklistRows, editorUrl, save, startEditing } from "./support/editor";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject, inviteMember } from "./support/projects";
import { createApiToken } from "./support/tokens";

const presence = (page: Page) => page.getByTestId("presence");
const person = (page: Page, name: string) => presence(page).getByTestId("present-person").filter({ hasText: name });

test("people see who has a brief open and which section they edit; agents show as active; presence expires", async ({ page: ana, browser }) => {
  test.setTimeout(180_000);
  const anaPerson = newPerson("Ana");
  const benPerson = newPerson("Ben");
  const benContext = await browser.newContext();
  const ben = await benContext.newPage();
  try {
    await signUp(ben, benPerson);
    await signUp(ana, anaPerson);
    const token = await createApiToken(ana, "Agent", ["brief:read", "brief:write"]);
    const projectId = await createProject(ana, "Together");
    await inviteMember(ana, projectId, benPerson.email, "editor");
    const briefId = await createBrief(ana, projectId, "Shared brief");
    await ana.getByLabel("Goal", { exact: true }).fill("Work side by side");
    await addChecklistRows(ana, ["Checked by the agent"]);
    await save(ana, 2);

    // Ben opens the brief to read it: each sees the other, and nobody is editing anything.
    await ben.goto(editorUrl(projectId, briefId));
    await expect(person(ana, "Ben")).toContainText("viewing");
    await expect(person(ben, "Ana")).toBeVisible();

    // Ana edits the goal: Ben sees it on the section, in the document and then in his own form.
    await ana.getByLabel("Goal", { exact: true }).focus();
    await expect(person(ben, "Ana")).toContainText("editing Goal");
    await expect(ben.getByTestId("editing-elsewhere-goal")).toHaveText("Ana is editing this section");
    await startEditing(ben);
    await expect(ben.getByTestId("editing-elsewhere-goal")).toHaveText("Ana is editing this section");
    // Nothing is locked: Ben can still type there.
    await ben.getByLabel("Goal", { exact: true }).fill("Ben's goal, typed anyway");
    await expect(person(ana, "Ben")).toContainText("editing Goal");
    await expect(ana.getByTestId("editing-elsewhere-goal")).toHaveText("Ben is editing this section");

    // An agent writing on Ana's behalf shows as "<person> via <client>", active.
    await callMcpTool(ana.request, token, "brief_checklist_update", { briefId, index: 0, expectedText: "Checked by the agent", checked: true, idempotencyKey: newIdempotencyKey() });
    for (const page of [ana, ben]) await expect(presence(page).getByTestId("active-agent")).toContainText(`${anaPerson.email} via Agent`);

    // Ben closes his tab: he is gone from Ana's page at once.
    await ben.close({ runBeforeUnload: true });
    await expect(person(ana, "Ben")).toHaveCount(0);

    // A tab that vanishes without a goodbye (as when it crashes or the laptop sleeps: its leave is
    // never sent) drops out within 30 s.
    const gone = await benContext.newPage();
    await gone.goto(editorUrl(projectId, briefId));
    await expect(person(ana, "Ben")).toBeVisible();
    await gone.evaluate(() => Object.defineProperty(navigator, "sendBeacon", { value: () => true }));
    const left = Date.now();
    await gone.close();
    await expect(person(ana, "Ben")).toBeVisible();
    await expect(person(ana, "Ben")).toHaveCount(0, { timeout: 30_000 });
    expect(Date.now() - left).toBeGreaterThan(5_000);
  } finally {
    await benContext.close();
  }
});
