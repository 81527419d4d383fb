import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Browser, type Frame, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { openInTestHost, SANDBOX_ORIGIN, viewCspViolations } from "./support/app-host/test-host";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp, type Person } from "./support/people";
import { baseURL } from "./support/servers";
import { createApiToken } from "./support/tokens";

/**
 * brief_show as an MCP App in a host built on ext-apps' AppBridge (e2e/support/app-host): the view
 * in a sandboxed frame on another origin, ticking through the host's connection, conflicts, a
 * read-only connection, and a view that can neither eval nor reach the network.
 */
const ROWS = ["Refund a card payment", "Refund a partial amount", "Refunding twice is refused"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Setup = { owner: Person; token: string; briefId: string; request: APIRequestContext; page: Page };

/** An owner with a chat connection (token "Claude") and a brief with content and three QA rows. */
async function setUp(page: Page): Promise<Setup> {
  const owner = newPerson("Olivia");
  await signUp(page, owner);
  const token = await createApiToken(page, "Claude", ["brief:read", "brief:write"]);
  const { project } = (await callMcpTool(page.request, token, "project_create", { name: "Checkout", idempotencyKey: newIdempotencyKey() })) as { project: { id: string } };
  const { brief } = (await callMcpTool(page.request, token, "brief_create", {
    projectId: project.id,
    title: "Refunds",
    content: {
      goal: "Let support refund **card payments** in full or in part.",
      scope: "| Method | Refund |\n|---|---|\n| Card | yes |\n| Invoice | later |",
      requirements: ["Refund up to the captured amount", "Record who refunded"],
      acceptanceCriteria: [{ id: "AC-1", text: "A refund shows on the _customer's_ statement" }],
      testingQaChecklist: ROWS.map((text) => ({ text, checked: false })),
    },
    idempotencyKey: newIdempotencyKey(),
  })) as { brief: { id: string } };
  return { owner, token, briefId: brief.id, request: page.request, page };
}

async function readChecklist(request: APIRequestContext, token: string, briefId: string) {
  const { brief } = (await callMcpTool(request, token, "brief_get_full", { briefId })) as {
    brief: { versionNum: number; content: { testingQaChecklist: Array<{ text: string; checked: boolean; checkedBy?: string }> } };
  };
  return { versionNum: brief.versionNum, rows: brief.content.testingQaChecklist };
}

/** A page of its own for the host: no app session, nothing but the token. */
async function hostPage(browser: Browser, colorScheme: "light" | "dark" = "light"): Promise<Page> {
  const context = await browser.newContext({ colorScheme, viewport: { width: 900, height: 900 } });
  return context.newPage();
}

/** Every request any frame of the sandbox makes, apart from loading the sandbox page itself. */
function recordViewRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const frame = request.frame();
    const inSandbox = frame !== page.mainFrame();
    const isProxyPage = request.isNavigationRequest() && request.url().startsWith(`${SANDBOX_ORIGIN}/__mcp-app-sandbox`);
    if (inSandbox && !isProxyPage) seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

const qaRow = (view: Frame, text: string) => view.getByTestId("qa-row").filter({ hasText: text });

test("the host renders brief_show's view on another origin; a tick goes through the host, is attributed, and is told to the model", async ({ page, browser }) => {
  const { owner, token, briefId, request } = await setUp(page);
  const host = await hostPage(browser);
  const requests = recordViewRequests(host);
  const { view, record } = await openInTestHost(host, { token, briefId });

  // Sandboxed, on the sandbox origin, not the host's.
  expect(new URL(host.url()).origin).toBe(baseURL);
  expect(await view.evaluate(() => location.origin)).toBe(SANDBOX_ORIGIN);
  expect(await host.locator("#app-frame").getAttribute("sandbox")).toBe("allow-scripts allow-same-origin allow-forms");

  await expect(view.getByRole("heading", { level: 1 })).toHaveText("Refunds");
  await expect(view.getByText("Drafting", { exact: true })).toBeVisible();
  await expect(view.getByText("Version 1", { exact: true })).toBeVisible();
  // Sections through the shared Markdown renderer.
  await expect(view.locator("strong", { hasText: "card payments" })).toBeVisible();
  await expect(view.getByRole("cell", { name: "Invoice" })).toBeVisible();
  await expect(view.locator("em", { hasText: "customer's" })).toBeVisible();
  // AC-1 shows in its section and, with its status, on the proof card.
  await expect(view.getByText("AC-1", { exact: true })).toHaveCount(2);
  await expect(view.getByTestId("criterion-row").filter({ hasText: "AC-1" })).toBeVisible();
  await expect(view.getByTestId("qa-checklist")).toContainText("0 of 3 checked");
  // The text alone stays useful: it is the Markdown export.
  expect((await record()).toolResult?.content).toEqual([{ type: "text", text: expect.stringContaining("- [ ] Refund a card payment") }]);

  await qaRow(view, ROWS[0]).getByText(ROWS[0]).click();
  await expect(view.getByTestId("qa-checklist")).toContainText("1 of 3 checked");
  await expect(view.getByRole("checkbox", { name: ROWS[0] })).toBeChecked();
  await expect(qaRow(view, ROWS[0])).toContainText(`Checked by ${owner.email} via Claude`);
  await expect(view.getByText("Version 2", { exact: true })).toBeVisible();

  const stored = await readChecklist(request, token, briefId);
  expect(stored.versionNum).toBe(2);
  expect(stored.rows.map((row) => [row.checked, row.checkedBy ?? null])).toEqual([
    [true, `${owner.email} via Claude`],
    [false, null],
    [false, null],
  ]);

  const { toolCalls, modelContext } = await record();
  expect(toolCalls.map((call) => call.name)).toEqual(["brief_checklist_update", "brief_show"]);
  expect(toolCalls[0].arguments).toEqual({ briefId, index: 0, expectedText: ROWS[0], checked: true, ifVersionNum: 1, idempotencyKey: expect.stringMatching(UUID) });
  expect(modelContext).toHaveLength(1);
  expect(JSON.stringify(modelContext[0].content)).toContain(`checked row 0 “${ROWS[0]}” (version 2)`);
  expect(JSON.stringify(modelContext[0].content)).toContain(`recorded as by ${owner.email} via Claude`);

  expect(requests).toEqual([]);
  // It rendered, ticked and reloaded under a CSP without eval or network without ever hitting it.
  expect(await viewCspViolations(host)).toEqual([]);
  const axe = await new AxeBuilder({ page: host }).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  // It looked inside the view (host → sandbox proxy → view), not only at the host page.
  expect(axe.passes.some((rule) => rule.nodes.some((node) => node.target.length === 3))).toBe(true);

  await host.mouse.move(0, 0);
  await host.locator("#app-frame").screenshot({ path: test.info().outputPath("chat-view.png") });
  if (process.env.BRIEFS_DOCS_SCREENSHOTS === "1") {
    fs.mkdirSync(path.join("docs", "screenshots"), { recursive: true });
    await host.locator("#app-frame").screenshot({ path: path.join("docs", "screenshots", "chat-view.png") });
  }
  await host.context().close();
});

test("a change by a second client in between: the view reloads, shows it, and nothing is lost or applied twice", async ({ page, browser }) => {
  const { owner, token, briefId, request } = await setUp(page);
  const secondClient = await createApiToken(page, "VS Code", ["brief:read", "brief:write"]);
  const host = await hostPage(browser);
  const { view, record } = await openInTestHost(host, { token, briefId });
  await expect(view.getByText("Version 1", { exact: true })).toBeVisible();

  // The other client ticks row 2 while the view still shows version 1.
  await callMcpTool(request, secondClient, "brief_checklist_update", { briefId, index: 1, expectedText: ROWS[1], checked: true, idempotencyKey: newIdempotencyKey() });
  await qaRow(view, ROWS[0]).getByText(ROWS[0]).click();
  await expect(view.getByRole("alert")).toHaveText(
    `Someone changed the brief meanwhile (now version 2), so “${ROWS[0]}” was not changed. The list shows the current state; tick it again if you still want to.`,
  );
  await expect(view.getByText("Version 2", { exact: true })).toBeVisible();
  await expect(qaRow(view, ROWS[1])).toContainText(`Checked by ${owner.email} via VS Code`);
  await expect(view.getByRole("checkbox", { name: ROWS[0] })).not.toBeChecked();
  expect((await readChecklist(request, token, briefId)).versionNum).toBe(2);
  expect((await record()).modelContext).toEqual([]);

  // Ticked again on the version it now shows: applied once.
  await qaRow(view, ROWS[0]).getByText(ROWS[0]).click();
  await expect(qaRow(view, ROWS[0])).toContainText(`Checked by ${owner.email} via Claude`);
  await expect(view.getByRole("alert")).toHaveCount(0);

  // Both clients tick row 3; the second client is first. The view says it is done, and nothing runs twice.
  await callMcpTool(request, secondClient, "brief_checklist_update", { briefId, index: 2, expectedText: ROWS[2], checked: true, idempotencyKey: newIdempotencyKey() });
  await qaRow(view, ROWS[2]).getByText(ROWS[2]).click();
  await expect(view.getByRole("alert")).toContainText(`“${ROWS[2]}” is already checked (by ${owner.email} via VS Code)`);
  await expect(view.getByTestId("qa-checklist")).toContainText("3 of 3 checked");

  const stored = await readChecklist(request, token, briefId);
  expect(stored.versionNum).toBe(4);
  expect(stored.rows.map((row) => row.checkedBy)).toEqual([`${owner.email} via Claude`, `${owner.email} via VS Code`, `${owner.email} via VS Code`]);
  const { items } = (await callMcpTool(request, token, "brief_collection_list", { briefId, collection: "versions" })) as { items: Array<{ versionNum: number; via: string }> };
  expect(items.map((item) => [item.versionNum, item.via])).toEqual([
    [4, "brief_checklist_update"],
    [3, "brief_checklist_update"],
    [2, "brief_checklist_update"],
    [1, "brief_create"],
  ]);
  const updates = (await record()).toolCalls.filter((call) => call.name === "brief_checklist_update");
  expect(updates.map((call) => call.arguments.ifVersionNum)).toEqual([1, 2, 3]);
  expect(new Set(updates.map((call) => call.arguments.idempotencyKey)).size).toBe(3);
  await host.context().close();
});

test("a read-only connection sees the rows and who ticked them, without controls, and writes nothing", async ({ page, browser }) => {
  const { owner, token, briefId, request } = await setUp(page);
  await callMcpTool(request, token, "brief_checklist_update", { briefId, index: 1, expectedText: ROWS[1], checked: true, idempotencyKey: newIdempotencyKey() });
  const readOnly = await createApiToken(page, "Claude (read only)", ["brief:read"]);
  const host = await hostPage(browser);
  const { view, record } = await openInTestHost(host, { token: readOnly, briefId });

  await expect(view.getByTestId("qa-checklist")).toContainText("1 of 3 checked");
  await expect(qaRow(view, ROWS[1])).toContainText(`Checked by ${owner.email} via Claude`);
  await expect(view.getByText("This connection may only read briefs.")).toBeVisible();
  await expect(view.getByRole("checkbox")).toHaveCount(0);
  await qaRow(view, ROWS[0]).getByText(ROWS[0]).click();
  await view.locator("body").press("Space");

  expect((await record()).toolCalls).toEqual([]);
  expect((await readChecklist(request, token, briefId)).versionNum).toBe(2);
  await host.context().close();
});

test("the view follows the host's theme, or the system's without one, and fits 320 to 800 px", async ({ page, browser }) => {
  const { token, briefId } = await setUp(page);
  const background = (view: Frame) => view.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const overflows = (view: Frame) => view.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

  const dark = await hostPage(browser);
  const { view: darkView } = await openInTestHost(dark, { token, briefId, theme: "dark", width: 320 });
  expect(await darkView.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
  expect(await background(darkView)).toBe("rgb(11, 17, 32)");
  expect(await overflows(darkView)).toBe(false);
  expect((await new AxeBuilder({ page: dark }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await dark.locator("#app-frame").screenshot({ path: test.info().outputPath("chat-view-dark-320.png") });
  await dark.context().close();

  const light = await hostPage(browser, "dark");
  const { view: lightView } = await openInTestHost(light, { token, briefId, theme: "light", width: 800 });
  expect(await background(lightView)).toBe("rgb(255, 255, 255)");
  expect(await overflows(lightView)).toBe(false);
  await light.context().close();

  const system = await hostPage(browser, "dark");
  const { view: systemView } = await openInTestHost(system, { token, briefId, theme: "none" });
  expect(await background(systemView)).toBe("rgb(11, 17, 32)");
  await system.context().close();
});

test("the view cannot eval and cannot reach the network: the host's CSP from the resource blocks both", async ({ page, browser }) => {
  const { token, briefId } = await setUp(page);
  const host = await hostPage(browser);
  const requests = recordViewRequests(host);
  const { view } = await openInTestHost(host, { token, briefId });

  expect(await viewCspViolations(host)).toEqual([]);

  // Playwright's own evaluate is exempt from the page's CSP; the probe runs in a task the page schedules.
  const outcome = await view.evaluate(
    (appUrl) =>
      new Promise<Record<string, string>>((resolve) => {
        setTimeout(async () => {
          const attempt = (run: () => unknown) => {
            try {
              run();
              return "ran";
            } catch (error) {
              return (error as Error).name;
            }
          };
          const evalResult = attempt(() => (0, eval)("1 + 1"));
          const functionResult = attempt(() => new Function("return 1")());
          const fetchResult = await fetch(`${appUrl}/api/health`).then(
            () => "reached",
            (error: Error) => error.name,
          );
          resolve({ evalResult, functionResult, fetchResult });
        });
      }),
    baseURL,
  );
  expect(outcome).toEqual({ evalResult: "EvalError", functionResult: "EvalError", fetchResult: "TypeError" });
  // The browser reports each block as a policy violation: eval under script-src, fetch under connect-src.
  await expect.poll(async () => [...new Set(await viewCspViolations(host))].sort()).toEqual(["connect-src", "script-src"]);
  expect(requests).toEqual([]);
  await host.context().close();
});
