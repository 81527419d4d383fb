/**
 * What one agent change costs a browser that has the brief open: the main thread's time (script,
 * style, layout, the rest of its tasks) from the agent's answer until the page is idle again, read
 * from Chromium's own counters (CDP Performance.getMetrics). With `--reference <checkout>`, the same
 * ticks go to an older build in the same run, alternating, so both see the same machine.
 *
 *   npx tsx bench/build.ts                                  # after every code change (builds into .next-bench)
 *   npx tsx bench/page-cost.ts [--ticks 30] [--mode edit]   # this build alone; read mode unless --mode edit
 *   npx tsx bench/page-cost.ts --reference /tmp/briefs-old  # beside the build in that checkout's .next-bench
 *
 * Each build gets an embedded database and a server of its own, a brief of 20 QA rows (the typical
 * brief of support/brief-contents.ts), and one Chromium page with the brief open (read mode, as
 * a reader has it, or the editor with its QA panel), present on it, so a change's event carries the page's data and nothing is fetched. Per tick: the
 * counters are read, an agent ticks or unticks the next row over MCP, the page shows it, the page
 * settles (no animation running, then two frames and an idle callback), the counters are read again.
 *
 * Why this figure: with many people reading one brief, each person's browser does this work on
 * every change; on a small machine the browsers, not the server, set how soon all of them see it
 * (docs/benchmarks.md#live-updates). Not part of `npm test`; exit code 0 when every tick showed.
 */
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser, type CDPSession, type Page } from "@playwright/test";
import { hashPassword } from "../lib/auth/password";
import { chooseChromium } from "../e2e/support/chromium";
import { createTokenWithAdminCommand, freePort, waitUntilMcpReady } from "../tests/support/app-server";
import { signInOverHttp } from "../tests/support/web-session";
import { createBenchDatabase } from "./support/bench-database";
import { smallBriefContent } from "./support/brief-contents";
import { mcpCaller, type McpCaller } from "./support/mcp-http";
import { benchAppEnv } from "./support/prepare-bench-app";
import { inFolder } from "./support/in-folder";
import { signedInContext } from "./support/signed-in-context";
import { missingBuild, onCleanup, runBench, startBenchServer } from "./support/run-bench";

const ROOT = path.resolve(__dirname, "..");
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";
const EMAIL = "qa@example.test";
const PASSWORD = "a password for the benchmark";
const SHOW_TIMEOUT_MS = 15_000;

const { values } = parseArgs({ strict: true, options: { ticks: { type: "string", default: "30" }, mode: { type: "string", default: "read" }, reference: { type: "string" } } });
const TICKS = Number(values.ticks);
if (!Number.isInteger(TICKS) || TICKS < 1) throw new Error("--ticks must be a whole number of at least 1");
const MODE = values.mode;
if (MODE !== "read" && MODE !== "edit") throw new Error("--mode must be read or edit");

/** Chromium's counters this benchmark reports: seconds (durations) or counts, since the page opened. */
const METRICS = ["TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration", "RecalcStyleCount", "LayoutCount"] as const;
type Metric = (typeof METRICS)[number];
type Sample = Record<Metric, number>;

type Setup = {
  label: string;
  mcp: McpCaller;
  briefId: string;
  rows: string[];
  checked: boolean[];
  page: Page;
  cdp: CDPSession;
  samples: Sample[];
  /** The same reads and waits with no change in between: what the measuring itself costs. */
  idle: Sample[];
};

async function deploy(browser: Browser, label: string, root: string): Promise<Setup> {
  if (missingBuild(root, DIST_DIR)) throw new Error(`No build of ${label} in ${root}/${DIST_DIR}`);
  const db = await createBenchDatabase("pglite", "");
  onCleanup(`remove the database of ${label}`, () => db.close());
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = benchAppEnv(origin, DIST_DIR, { ...db.env, BRIEFS_RATE_LIMITS: "mcp-token=off" });
  const token = await inFolder(root, () => createTokenWithAdminCommand(env, { email: EMAIL, scopes: "brief:read,brief:write", name: "Agent" }));
  const hash = await hashPassword(PASSWORD);
  await db.query(`UPDATE "User" SET "passwordHash" = '${hash.replaceAll("'", "''")}', name = 'Quinn', "emailVerifiedAt" = now() WHERE email = '${EMAIL}'`);
  const server = inFolder(root, () => startBenchServer(port, env));
  await waitUntilMcpReady(server, `${origin}/api/mcp`, token);

  const mcp = mcpCaller(`${origin}/api/mcp`, token);
  onCleanup(`close the MCP client of ${label}`, () => mcp.close());
  const projectId: string = (await mcp.ok("project_create", { name: "Page cost", idempotencyKey: crypto.randomUUID() })).project.id;
  const content = smallBriefContent("Page cost");
  const { brief } = await mcp.ok("brief_create", { projectId, title: "Watched brief", content, idempotencyKey: crypto.randomUUID() });
  const rows = (content.testingQaChecklist as Array<{ text: string }>).map((row) => row.text);

  const cookie = (await signInOverHttp(origin, EMAIL, PASSWORD)).header();
  const context = await signedInContext(browser, origin, cookie);
  onCleanup(`close the browser context of ${label}`, () => context.close());
  const page = await context.newPage();
  // tsx keeps function names (esbuild's __name helper); functions handed to the page need it there too.
  await page.addInitScript("globalThis.__name = (fn) => fn;");
  // Present on the brief: from then on a change's event carries the page's data.
  const present = page.waitForResponse((response) => response.url().endsWith(`/api/briefs/${brief.id}/presence`) && response.ok(), { timeout: 60_000 });
  await page.goto(`${origin}/projects/${projectId}/briefs/${brief.id}${MODE === "edit" ? "?mode=edit" : ""}`, { timeout: 60_000 });
  await present;
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
  return { label, mcp, briefId: brief.id, rows, checked: rows.map(() => false), page, cdp, samples: [], idle: [] };
}

async function metrics(cdp: CDPSession): Promise<Sample> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const byName = new Map(metrics.map((m) => [m.name, m.value]));
  return Object.fromEntries(METRICS.map((name) => [name, byName.get(name) ?? NaN])) as Sample;
}

/** Until no animation runs, then two frames and an idle moment: the work a change caused is done. */
function settled(page: Page): Promise<void> {
  return page.evaluate(async () => {
    for (;;) {
      const running = document.getAnimations().filter((a) => a.playState === "running");
      if (running.length === 0) break;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 }));
  });
}

const difference = (before: Sample, after: Sample) => Object.fromEntries(METRICS.map((name) => [name, after[name] - before[name]])) as Sample;

async function tick(setup: Setup, n: number): Promise<void> {
  const index = n % setup.rows.length;
  const checked = !setup.checked[index];
  await settled(setup.page);
  const still = await metrics(setup.cdp);
  await settled(setup.page);
  const before = await metrics(setup.cdp);
  setup.idle.push(difference(still, before));
  await setup.mcp.ok("brief_checklist_update", { briefId: setup.briefId, index, expectedText: setup.rows[index], checked, idempotencyKey: crypto.randomUUID() });
  setup.checked[index] = checked;
  await setup.page.waitForFunction(
    ({ index, checked }) => document.querySelectorAll<HTMLInputElement>('[data-testid="qa-checklist"] [data-testid="qa-row"] input[type="checkbox"]')[index]?.checked === checked,
    { index, checked },
    { timeout: SHOW_TIMEOUT_MS },
  );
  await settled(setup.page);
  const after = await metrics(setup.cdp);
  setup.samples.push(difference(before, after));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median per tick: milliseconds for durations (Chromium counts seconds), a number for counts. */
function summary(samples: Sample[]): Record<Metric, number> {
  return Object.fromEntries(
    METRICS.map((name) => {
      const m = median(samples.map((s) => s[name]));
      return [name, name.endsWith("Duration") ? m * 1000 : m];
    }),
  ) as Record<Metric, number>;
}

const LABELS: Record<Metric, string> = {
  TaskDuration: "main thread, all tasks (ms)",
  ScriptDuration: "  of which script (ms)",
  RecalcStyleDuration: "  of which style (ms)",
  LayoutDuration: "  of which layout (ms)",
  RecalcStyleCount: "style recalculations",
  LayoutCount: "layouts",
};

async function main(): Promise<number> {
  process.chdir(ROOT);
  const loadAtStart = os.loadavg().map((l) => l.toFixed(2)).join(" ");
  const choice = await chooseChromium();
  const browser = await chromium.launch({ executablePath: choice.executablePath, args: choice.args });
  onCleanup("close the browser", () => browser.close());
  const setups = [await deploy(browser, "this build", ROOT)];
  if (values.reference) setups.push(await deploy(browser, `reference (${values.reference})`, path.resolve(values.reference)));
  // One tick each before measuring: the first change compiles and allocates what later ones reuse.
  for (const setup of setups) await tick(setup, setup.rows.length - 1);
  for (const setup of setups) setup.samples.length = setup.idle.length = 0;
  for (let n = 0; n < TICKS; n++) for (const setup of setups) await tick(setup, n);

  const loadAtEnd = os.loadavg().map((l) => l.toFixed(2)).join(" ");
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, load average ${loadAtStart} at start, ${loadAtEnd} at end; Node ${process.version}; Chromium (${choice.source})`);
  console.log(`${TICKS} agent ticks per build, alternating; a brief of 20 QA rows open in ${MODE} mode, present; medians per tick\n`);
  const results = setups.map((setup) => ({ label: setup.label, change: summary(setup.samples), idle: summary(setup.idle) }));
  const columns = results.flatMap((r, i) => [i === 0 ? "this build" : "reference", "no change"]);
  const width = 34;
  const cell = 16;
  console.log(`${"".padEnd(width)}${columns.map((c) => c.slice(0, cell - 1).padStart(cell)).join("")}${results.length > 1 ? "    ratio" : ""}`);
  for (const name of METRICS) {
    const cells = results.flatMap((r) => [r.change[name], r.idle[name]]).map((v) => v.toFixed(1).padStart(cell)).join("");
    const ratio = results.length > 1 && results[1].change[name] !== 0 ? `    ${(results[0].change[name] / results[1].change[name]).toFixed(2)}×` : "";
    console.log(`${LABELS[name].padEnd(width)}${cells}${ratio}`);
  }
  if (values.reference) console.log(`\nreference: ${path.resolve(values.reference)}; ratio: this build ÷ reference, per change`);
  console.log(`\nRESULT_JSON ${JSON.stringify(results)}`);
  return 0;
}

runBench(main);
