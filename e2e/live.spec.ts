import { expect, test } from "@playwright/test";
import { addChecklistRows, CHECKED_BY, editUrl, qaCheckbox, qaRow, save, saveStatus } from "./support/editor";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject } from "./support/projects";
import { createApiToken } from "./support/tokens";

test("an open editor shows changes an agent makes through /api/mcp within seconds, without a reload", async ({ page }) => {
  const requested: string[] = [];
  const answered: string[] = [];
  page.on("request", (request) => requested.push(`${request.method()} ${new URL(request.url()).pathname}`));
  page.on("response", (response) => answered.push(`${response.request().method()} ${new URL(response.url()).pathname}`));
  const pm = newPerson("Lou");
  await signUp(page, pm);
  const token = await createApiToken(page, "Agent", ["brief:read", "brief:write"]);
  const projectId = await createProject(page, "Live");
  const briefId = await createBrief(page, projectId, "Watched brief");
  await page.getByLabel("Goal", { exact: true }).fill("The person's goal");
  await addChecklistRows(page, ["Agent ticks this"]);
  await save(page, 2);
  // A mark on the window: it survives every update below only if the page is never reloaded.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  // The page is present on the brief once it has said so; a change then brings the page's data
  // with its event, and the page fetches nothing.
  await expect.poll(() => answered.includes(`POST /api/briefs/${briefId}/presence`)).toBe(true);
  const dataFetches = () => requested.filter((r) => r.endsWith("/page-data")).length;
  const fetchesBefore = dataFetches();

  // A tick over MCP.
  const ticked = (await callMcpTool(page.request, token, "brief_checklist_update", {
    briefId,
    index: 0,
    expectedText: "Agent ticks this",
    checked: true,
    idempotencyKey: newIdempotencyKey(),
  })) as { brief: { versionNum: number } };
  expect(ticked.brief.versionNum).toBe(3);
  await expect(qaCheckbox(page, "Agent ticks this")).toBeChecked({ timeout: 6_000 });
  await expect(qaRow(page, "Agent ticks this")).toContainText(CHECKED_BY(`${pm.email} via Agent`));
  await expect(saveStatus(page)).toHaveText("All changes saved · version 3");
  expect(dataFetches()).toBe(fetchesBefore);

  // A content and title change over MCP, shown in the form itself.
  await callMcpTool(page.request, token, "brief_update", {
    briefId,
    title: "Watched brief, renamed by the agent",
    content: { goal: "The agent's goal", testingQaChecklist: [{ text: "Agent ticks this", checked: true }] },
    ifVersionNum: 3,
    idempotencyKey: newIdempotencyKey(),
  });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Watched brief, renamed by the agent", { timeout: 6_000 });
  await expect(page.getByLabel("Goal", { exact: true })).toHaveValue("The agent's goal");
  await expect(page).toHaveTitle("Watched brief, renamed by the agent · Briefs");

  // A state change over MCP.
  await page.getByRole("button", { name: "+ Add requirement" }).click();
  await page.getByLabel("Requirement 1", { exact: true }).fill("Something to review");
  await page.getByRole("button", { name: "+ Add criterion" }).click();
  await page.getByLabel("Criterion 1 text").fill("It can be reviewed");
  await save(page, 5);
  await callMcpTool(page.request, token, "brief_transition", { briefId, to: "in_review", idempotencyKey: newIdempotencyKey() });
  await expect(page.getByTestId("lifecycle").getByText("In review", { exact: true })).toBeVisible({ timeout: 6_000 });
  await expect(page.getByRole("button", { name: "Approve version 5" })).toBeVisible();

  // With unsaved edits, the page keeps them and says the brief changed.
  await page.getByLabel("Scope", { exact: true }).fill("Typed, not saved");
  await callMcpTool(page.request, token, "brief_update", {
    briefId,
    content: { goal: "The agent's goal, again", requirements: ["Something to review"], acceptanceCriteria: [{ id: "AC-1", text: "It can be reviewed" }], testingQaChecklist: [{ text: "Agent ticks this", checked: true }] },
    idempotencyKey: newIdempotencyKey(),
  });
  await expect(page.getByTestId("changed-elsewhere")).toContainText(`now version 6, by ${pm.email} via Agent`, { timeout: 6_000 });
  await expect(page.getByLabel("Scope", { exact: true })).toHaveValue("Typed, not saved");
  await expect(page.getByLabel("Goal", { exact: true })).toHaveValue("The agent's goal");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await page.goto(editUrl(projectId, briefId));
  await expect(page.getByLabel("Goal", { exact: true })).toHaveValue("The agent's goal, again");
});
