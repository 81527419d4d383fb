import { expect, test } from "@playwright/test";
import { addChecklistRows, editorUrl, qaCheckbox, save } from "./support/editor";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject } from "./support/projects";
import { createApiToken } from "./support/tokens";

/**
 * Browsers allow six connections per origin over HTTP/1.1, across tabs: a stream per tab would leave
 * the seventh hanging. The tabs share one stream, so all seven stay live.
 */
test("seven tabs of one browser share one stream and all stay live; the list and the inbox follow too", async ({ page, context }) => {
  test.setTimeout(120_000);
  const pm = newPerson("Tabs");
  await signUp(page, pm);
  const token = await createApiToken(page, "Agent", ["brief:read", "brief:write"]);
  const projectId = await createProject(page, "Many tabs");
  const briefId = await createBrief(page, projectId, "Open seven times");
  await page.getByLabel("Goal", { exact: true }).fill("Stay live in every tab");
  await addChecklistRows(page, ["Ticked once, seen seven times"]);
  await save(page, 2);

  const streams: string[] = [];
  context.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/live") streams.push(request.url());
  });
  const tabs = [page];
  for (let i = 1; i < 7; i++) tabs.push(await context.newPage());
  await Promise.all(tabs.map((tab) => tab.goto(editorUrl(projectId, briefId))));
  // The list page, in an eighth tab, follows the brief's changes as well.
  const list = await context.newPage();
  // Every title the tab shows, in order: a live refresh of the list must never leave it without one.
  await list.addInitScript(() => {
    const titles: string[] = [];
    Object.assign(window, { __titles: titles });
    const note = () => {
      if (document.title !== titles.at(-1)) titles.push(document.title);
    };
    new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await list.goto(`/projects/${projectId}`);
  // The title is in the head as sent, not streamed into the body after the page.
  const sent = await (await list.request.get(`/projects/${projectId}`)).text();
  expect(sent.slice(0, sent.indexOf("<body"))).toContain("<title>Many tabs · Briefs</title>");
  const inboxCount = list.getByTestId("proposal-inbox-count");
  await expect(inboxCount).toHaveText("0");

  await callMcpTool(page.request, token, "brief_checklist_update", { briefId, index: 0, expectedText: "Ticked once, seen seven times", checked: true, idempotencyKey: newIdempotencyKey() });
  for (const tab of tabs) await expect(qaCheckbox(tab, "Ticked once, seen seven times")).toBeChecked();
  await expect(list.getByRole("link", { name: "Open seven times" }).locator("xpath=ancestor::li[1]")).toContainText("1 of 1 checked");
  const titles = await list.evaluate(() => (window as unknown as { __titles: string[] }).__titles);
  expect(titles.slice(titles.findIndex(Boolean))).toEqual(["Many tabs · Briefs"]);
  // One stream for the whole browser (opened again only if the tab holding it closed).
  expect(streams).toHaveLength(1);

  // A proposal lands in the header's inbox of every open page, without a reload.
  await callMcpTool(page.request, token, "brief_propose", {
    briefId,
    baseVersionNum: 3,
    summary: "Say **why** it matters",
    changes: { goal: "Stay live in every tab, so nobody works on stale text" },
    idempotencyKey: newIdempotencyKey(),
  });
  await expect(inboxCount).toHaveText("1");
  await list.getByRole("button", { name: /Proposals/ }).click();
  await expect(list.getByRole("region", { name: "Proposals waiting for your decision" }).getByRole("link")).toContainText(["Open seven timesSay **why** it matters"]);
  await expect(tabs[6].getByTestId("proposal-inbox-count")).toHaveText("1");

  // The tab holding the stream closes: another takes over, and the rest stay live.
  await page.close();
  await callMcpTool(tabs[1].request, token, "brief_checklist_update", { briefId, index: 0, expectedText: "Ticked once, seen seven times", checked: false, idempotencyKey: newIdempotencyKey() });
  for (const tab of tabs.slice(1)) await expect(qaCheckbox(tab, "Ticked once, seen seven times")).not.toBeChecked();
});
