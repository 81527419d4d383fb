import { expect, test } from "@playwright/test";
import { addChecklistRows, CHECKED_BY, qaCheckbox, qaRow, save, saveStatus } from "./support/editor";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { postgresUrl, startInstancesOnPostgres, type Instances } from "./support/postgres-instances";
import { createBrief, createProject } from "./support/projects";
import { createApiToken } from "./support/tokens";

/**
 * Two instances on one PostgreSQL database, as behind a load balancer: the person's browser is on
 * B, the agent writes through A. Changes reach the page without a reload, also after B's listening
 * connection is killed (it reconnects, and the page catches up from the change it last saw).
 */
test.describe("live updates across instances", () => {
  test.skip(!postgresUrl, "needs PostgreSQL (TEST_DATABASE_URL), as CI provides");
  let instances: Instances;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    instances = await startInstancesOnPostgres(2);
  });
  test.afterAll(async () => {
    await instances?.stop();
  });

  test("a write on one instance shows on another, and after the listener dies", async ({ browser, playwright }) => {
    test.setTimeout(120_000);
    const [a, b] = instances.origins;
    const context = await browser.newContext({ baseURL: b });
    const page = await context.newPage();
    const agentDoor = await playwright.request.newContext({ baseURL: a });
    try {
      const pm = newPerson("Noor");
      await signUp(page, pm);
      const token = await createApiToken(page, "Agent", ["brief:read", "brief:write"]);
      const projectId = await createProject(page, "Across instances");
      const briefId = await createBrief(page, projectId, "Seen on B");
      await page.getByLabel("Goal", { exact: true }).fill("Keep everyone current");
      await addChecklistRows(page, ["Ticked on A", "Ticked while B was deaf"]);
      await save(page, 2);
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

      const tick = (index: number, expectedText: string) =>
        callMcpTool(agentDoor, token, "brief_checklist_update", { briefId, index, expectedText, checked: true, idempotencyKey: newIdempotencyKey() });

      await tick(0, "Ticked on A");
      await expect(qaCheckbox(page, "Ticked on A")).toBeChecked();
      await expect(qaRow(page, "Ticked on A")).toContainText(CHECKED_BY(`${pm.email} via Agent`));
      await expect(saveStatus(page)).toHaveText("All changes saved · version 3");

      // Both instances' listening connections end; B reconnects and tells the page to check.
      expect(await instances.terminateListeners()).toBeGreaterThanOrEqual(2);
      await tick(1, "Ticked while B was deaf");
      await expect(qaCheckbox(page, "Ticked while B was deaf")).toBeChecked();
      await expect(saveStatus(page)).toHaveText("All changes saved · version 4");
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    } finally {
      await agentDoor.dispose();
      await context.close();
    }
  });
});
