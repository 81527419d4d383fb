/**
 * How soon a QA tick's server-confirmed attribution ("Checked by … at …") shows on the brief page,
 * in Chromium against the production build, beside two references taken from the very same clicks:
 * the optimistic flip (the row marked "Saving…") and the checklist route's own round trip.
 *
 *   npx tsx bench/build.ts                  # NEXT_DIST_DIR=.next-bench next build; after every code change
 *   npx tsx bench/tick-attribution.ts [--clicks 10] [--rounds 1] [--port <port>]
 *
 * 1. A fresh embedded database; the admin command creates the person and an API token, and the
 *    benchmark gives them a password before the server starts. Briefs (20 QA rows each, the
 *    typical brief of bench/support/brief-contents.ts) are created over MCP.
 * 2. The person signs in in Chromium (e2e/support/chromium.ts picks it) and opens a brief in read mode.
 * 3. Two ways of ticking, each on a brief of its own, `--clicks` rows per round:
 *    - settled: each click once the page is quiet again (no request in flight for 300 ms), so the
 *      previous tick's follow-up requests are over;
 *    - in a row: the next row as soon as the previous row's attribution shows, as QA works down a list.
 *    Each click is timed in the page (performance.now at the click, a MutationObserver on the row);
 *    the route's round trip comes from the browser's resource timing of that click's POST.
 * 4. A MutationObserver watches every row for the whole run: a row that showed its attribution and
 *    later shows "Not checked" or "Saving…" again is counted as a flash of the old row.
 * 5. Prints median/min/max of each figure, the ratios attribution ÷ route, and the page requests
 *    (RSC refreshes and prefetches) per tick. Exit code 0 when no row flashed and the attribution's
 *    median is within 150 ms in both ways of ticking.
 *
 * Not part of `npm test`. docs/benchmarks.md records results.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { chromium, type Page, type Request } from "@playwright/test";
import { hashPassword } from "../lib/auth/password";
import { chooseChromium } from "../e2e/support/chromium";
import { benchAppEnv } from "./support/prepare-bench-app";
import { missingBuild, runBench } from "./support/run-bench";
import { smallBriefContent } from "./support/brief-contents";
import { mcpCaller } from "./support/mcp-http";
import { createTokenWithAdminCommand, freePort, startAppServer, waitUntilMcpReady, type AppServer } from "../tests/support/app-server";

const ROOT = path.resolve(__dirname, "..");
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";
const EMAIL = "qa@example.test";
const NAME = "Quinn";
const PASSWORD = "a password for the benchmark";
const TARGET_MEDIAN_MS = 150;
const ROWS_PER_BRIEF = 20;
const QUIET_MS = 300;
const CLICK_TIMEOUT_MS = 15_000;

const { values } = parseArgs({
  strict: true,
  options: { clicks: { type: "string", default: "10" }, rounds: { type: "string", default: "1" }, port: { type: "string" } },
});
const CLICKS = Number(values.clicks);
const ROUNDS = Number(values.rounds);
if (!Number.isInteger(CLICKS) || CLICKS < 1 || CLICKS > ROWS_PER_BRIEF) throw new Error(`--clicks must be a whole number 1..${ROWS_PER_BRIEF}`);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error("--rounds must be a whole number of at least 1");

type Way = "settled" | "in a row";
/** One click, all in ms from the click: the row marked at once, the attribution shown, and the route's POST. */
type Click = { flip: number; attribution: number; route: number; routeQueued: number };

// ---------------------------------------------------------------------------------------------
// In the page

/** Installed once per page: counts rows that go back to an older look after their attribution showed. */
function watchForFlashes(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as { __flashes: string[] };
    w.__flashes = [];
    const confirmed = new Set<string>();
    new MutationObserver(() => {
      for (const row of document.querySelectorAll('[data-testid="qa-checklist"] [data-testid="qa-row"]')) {
        const label = row.querySelector("input")?.getAttribute("aria-label") ?? "";
        const text = row.querySelector('[data-testid="qa-row-attribution"]')?.textContent ?? "";
        if (/^Checked by .+ at /.test(text)) confirmed.add(label);
        else if (confirmed.has(label)) {
          w.__flashes.push(`${label}: ${text}`);
          confirmed.delete(label);
        }
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** Clicks row `index` of the QA checklist and times it in the page. */
function clickRow(page: Page, index: number): Promise<Click> {
  return page.evaluate(
    ({ index, timeoutMs }) =>
      new Promise<Click>((resolve, reject) => {
        const row = () => document.querySelectorAll('[data-testid="qa-checklist"] [data-testid="qa-row"]')[index];
        const text = () => row()?.querySelector('[data-testid="qa-row-attribution"]')?.textContent ?? "";
        const box = row()?.querySelector<HTMLInputElement>('input[type="checkbox"]');
        if (!box || box.checked) return reject(new Error(`row ${index} is missing or already checked`));
        let flip: number | undefined;
        const timer = setTimeout(() => {
          observer.disconnect();
          const alert = document.querySelector('[data-testid="qa-checklist"] [role="alert"]')?.textContent;
          reject(new Error(`row ${index}: no attribution within ${timeoutMs} ms (shows "${text()}"${alert ? `; the page says "${alert}"` : ""})`));
        }, timeoutMs);
        const observer = new MutationObserver(() => {
          const now = performance.now();
          if (flip === undefined && text() === "Saving…") flip = now - start;
          if (!/^Checked by .+ at /.test(text())) return;
          observer.disconnect();
          clearTimeout(timer);
          const post = performance
            .getEntriesByType("resource")
            .find((e) => e.name.endsWith("/checklist") && e.startTime >= start) as PerformanceResourceTiming | undefined;
          if (!post) return reject(new Error(`row ${index}: the attribution showed, but the browser has no timing of its POST`));
          resolve({ flip: flip ?? now - start, attribution: now - start, route: post.responseEnd - start, routeQueued: post.requestStart - post.startTime });
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        const start = performance.now();
        box.click();
      }),
    { index, timeoutMs: CLICK_TIMEOUT_MS },
  );
}

// ---------------------------------------------------------------------------------------------
// Around the page

/** Requests the page has in flight, and the RSC requests it made (refreshes and prefetches). */
function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = performance.now();
  const rsc = { refresh: 0, prefetch: 0 };
  const done = (request: Request) => {
    inFlight.delete(request);
    lastChange = performance.now();
  };
  page.on("request", (request) => {
    inFlight.add(request);
    lastChange = performance.now();
    const headers = request.headers();
    if (headers["rsc"]) rsc[headers["next-router-prefetch"] ? "prefetch" : "refresh"]++;
  });
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    rsc,
    /** Forgets requests of the document before (a navigation leaves some never finished). */
    reset: () => inFlight.clear(),
    /** Until nothing has been in flight for QUIET_MS (polled: what is awaited is the page's own traffic). */
    async quiet() {
      const deadline = performance.now() + 30_000;
      while (inFlight.size > 0 || performance.now() - lastChange < QUIET_MS) {
        if (performance.now() > deadline) throw new Error(`the page did not settle; in flight: ${[...inFlight].map((r) => r.url()).join(", ")}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

async function signIn(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/signin`);
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/projects$/);
}

/**
 * Opens the brief in read mode and waits until the page is live: its first stamp poll, which an
 * effect starts after hydration, so a click from then on reaches React (an earlier one can be lost
 * while the page hydrates).
 */
async function openBrief(page: Page, url: string): Promise<void> {
  const polled = page.waitForRequest((request) => request.url().endsWith("/stamp"));
  await page.goto(url);
  await polled;
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted.at(-1)! };
}

const fmt = (s: ReturnType<typeof stats>) => `median ${s.median.toFixed(0).padStart(4)} ms   min ${s.min.toFixed(0).padStart(4)}   max ${s.max.toFixed(0).padStart(4)}`;

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  process.chdir(ROOT);
  if (missingBuild(ROOT, DIST_DIR)) return 2;
  const loadAtStart = os.loadavg().map((l) => l.toFixed(2)).join(" ");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-tick-"));
  const port = values.port ? Number(values.port) : await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = benchAppEnv(origin, DIST_DIR, { BRIEFS_DATA_DIR: dataDir });
  let server: AppServer | undefined;
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  try {
    const token = await createTokenWithAdminCommand(env, { email: EMAIL, scopes: "brief:read,brief:write", name: "bench" });
    const db = await PGlite.create(path.join(dataDir, "pgdata"));
    await db.query(`UPDATE "User" SET "passwordHash" = $1, name = $2, "emailVerifiedAt" = now() WHERE email = $3`, [await hashPassword(PASSWORD), NAME, EMAIL]);
    await db.close();

    server = startAppServer(port, env);
    await waitUntilMcpReady(server, `${origin}/api/mcp`, token);
    const mcp = mcpCaller(`${origin}/api/mcp`, token);
    const key = () => crypto.randomUUID();
    const projectId: string = (await mcp.ok("project_create", { name: "Tick attribution", idempotencyKey: key() })).project.id;
    const briefIds: string[] = [];
    for (let round = 0; round < ROUNDS * 2; round++) {
      briefIds.push((await mcp.ok("brief_create", { projectId, title: `Brief ${round + 1}`, content: smallBriefContent(`Brief ${round + 1}`), idempotencyKey: key() })).brief.id);
    }
    mcp.close();

    const choice = await chooseChromium();
    browser = await chromium.launch({ executablePath: choice.executablePath, args: choice.args });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // tsx compiles this file keeping function names (esbuild's __name helper); the functions handed
    // to page.evaluate run in the page, where that helper has to exist too.
    await page.addInitScript("globalThis.__name = (fn) => fn;");
    const requests = trackRequests(page);
    await signIn(page, origin);

    const clicks: Record<Way, Click[]> = { settled: [], "in a row": [] };
    const rscPerWay: Record<Way, { refresh: number; prefetch: number }> = { settled: { refresh: 0, prefetch: 0 }, "in a row": { refresh: 0, prefetch: 0 } };
    const flashes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which way goes first, so a machine that gets busier during the run weighs on both.
      const ways: Way[] = round % 2 ? ["in a row", "settled"] : ["settled", "in a row"];
      for (const way of ways) {
        await openBrief(page, `${origin}/projects/${projectId}/briefs/${briefIds.pop()}`);
        requests.reset();
        await watchForFlashes(page);
        // Warm-up: one tick of the last row, not measured.
        await requests.quiet();
        await clickRow(page, ROWS_PER_BRIEF - 1);
        await requests.quiet();
        const before = { ...requests.rsc };
        for (let i = 0; i < CLICKS; i++) {
          if (way === "settled") await requests.quiet();
          clicks[way].push(await clickRow(page, i));
        }
        await requests.quiet();
        rscPerWay[way].refresh += requests.rsc.refresh - before.refresh;
        rscPerWay[way].prefetch += requests.rsc.prefetch - before.prefetch;
        flashes.push(...(await page.evaluate(() => (window as unknown as { __flashes: string[] }).__flashes)));
      }
    }

    const loadAtEnd = os.loadavg().map((l) => l.toFixed(2)).join(" ");
    console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, load average ${loadAtStart} at start, ${loadAtEnd} at end; Node ${process.version}; Chromium (${choice.source})`);
    console.log(`build: ${DIST_DIR}; ${CLICKS} clicks × ${ROUNDS} round(s) per way; read mode; a brief of 20 QA rows`);
    let pass = flashes.length === 0;
    const result: Record<string, unknown> = {};
    for (const way of ["settled", "in a row"] as const) {
      const list = clicks[way];
      const attribution = stats(list.map((c) => c.attribution));
      const route = stats(list.map((c) => c.route));
      const flip = stats(list.map((c) => c.flip));
      const queued = stats(list.map((c) => c.routeQueued));
      const afterRoute = stats(list.map((c) => c.attribution - c.route));
      const ratio = stats(list.map((c) => c.attribution / c.route));
      const rsc = rscPerWay[way];
      const ok = attribution.median <= TARGET_MEDIAN_MS;
      pass &&= ok;
      console.log(`\n${way} (${list.length} clicks)`);
      console.log(`  click → attribution     ${fmt(attribution)}   ${ok ? "PASS" : "FAIL"}: median within ${TARGET_MEDIAN_MS} ms`);
      console.log(`  click → route answered  ${fmt(route)}   (of which waiting for a connection: median ${queued.median.toFixed(0)} ms, max ${queued.max.toFixed(0)})`);
      console.log(`  click → row marked      ${fmt(flip)}`);
      console.log(`  attribution − route     ${fmt(afterRoute)}`);
      console.log(`  attribution ÷ route     median ${ratio.median.toFixed(2)}×   min ${ratio.min.toFixed(2)}×   max ${ratio.max.toFixed(2)}×`);
      console.log(`  attribution ÷ row mark  ${(attribution.median / flip.median).toFixed(1)}× (medians)`);
      console.log(`  page requests per tick  ${(rsc.refresh / list.length).toFixed(1)} refresh, ${(rsc.prefetch / list.length).toFixed(1)} prefetch`);
      result[way] = { attribution, route, flip, queued, afterRoute, ratio, rscPerTick: { refresh: rsc.refresh / list.length, prefetch: rsc.prefetch / list.length } };
    }
    console.log(`\nold row shown again after its attribution: ${flashes.length === 0 ? "never (PASS)" : `${flashes.length}× (FAIL): ${flashes.join("; ")}`}`);
    console.log(`RESULT_JSON ${JSON.stringify({ ...result, flashes: flashes.length })}`);
    return pass ? 0 : 1;
  } finally {
    await browser?.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
