/**
 * Live updates: how soon an agent's write shows in a brief open in a browser, what open streams
 * cost in memory, and how a change reaches many open browsers at once — with the old design's
 * two-second poll measured in the same run as the reference, when its build is given.
 *
 *   npx tsx bench/build.ts                                   # after every code change (builds into .next-bench)
 *   npx tsx bench/live.ts                                    # PostgreSQL: agent on instance A, browser on B (B listens)
 *   npx tsx bench/live.ts --direct none                      # B without a listening connection: it polls
 *   npx tsx bench/live.ts --db pglite                        # the embedded database: one instance does both
 *   npx tsx bench/live.ts --reference /tmp/briefs-old        # and the polling design of before, built there
 *
 * The reference is a checkout of the commit before live updates (9ab4ab4) with its own production
 * build in <folder>/.next-bench and its node_modules (a separate `git worktree` is enough).
 *
 * The build measured and the reference each get a throwaway database (PostgreSQL or a PGlite folder)
 * and servers of their own; the parts below run one after another:
 * 1. Latency: an agent ticks QA rows with `brief_checklist_update` on A (`--writes`, default 200, at
 *    `--rate` a second, default 3) while the brief is open in Chromium on B. Each write is timed from
 *    the moment its HTTP answer arrived (Date.now() in this process) to the moment the page showed
 *    the row's new state (Date.now() in the page, from a MutationObserver: same machine clock). On
 *    PostgreSQL with a listening B, B's listening connection is terminated once, halfway through.
 * 2. The reference (with --reference): the same with the old build (`--reference-writes`, default 60).
 * 3. Memory: the RSS of B's server process (the one listening on its port), with no stream open
 *    and with `--streams` (default 1000) `GET /api/live` streams held open (Accept-Encoding: gzip),
 *    each after two full garbage collections (through B's inspector: B then runs with
 *    --inspect=127.0.0.1:0) and once it stops moving; then five writes on A, each timed until
 *    every stream has its event.
 * 4. Many readers, without a browser: `--fetchers` (default 100) streams on B whose clients, like
 *    the page, say they have the brief open (POST …/presence, again every 7 s) and take the page's
 *    data from the event, fetching it (GET /api/briefs/{id}/page-data) only when an event came
 *    without it; each of `--fetch-writes` (default 10) writes on A is timed until every client has
 *    the data. The references, in the same run: clients not present, which fetch the page data on
 *    every event (the design before), and clients fetching the brief page's RSC payload (the one
 *    before that, router.refresh).
 * 5. Many browsers: the brief open in `--browsers` (default 100) pages on B, each in a browser
 *    context of its own (one context shares one stream among its tabs), and `--browser-writes`
 *    (default 5) writes on A, each timed until every page shows it (a page that has not after 30 s
 *    without any other page showing it, or after 3 minutes, is reported with what it shows instead).
 *    The browser runs on the same machine: its CPU per write is printed beside the server's.
 *
 * Options: --pg-url <url>, --direct <url|none> (B's DATABASE_DIRECT_URL), --keep-listener (no
 * termination), --streams 0 / --fetchers 0 / --browsers 0 skip those parts, --json <file> writes
 * every sample. Not part of `npm test`; exit code 0 when every write reached every page and
 * stream (the targets are printed, not enforced).
 * docs/benchmarks.md#live-updates records results.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { hashPassword } from "../lib/auth/password";
import { chooseChromium } from "../e2e/support/chromium";
import { createTokenWithAdminCommand, freePort, waitForHealth, waitUntilMcpReady, type AppServer } from "../tests/support/app-server";
import { signInOverHttp } from "../tests/support/web-session";
import { createBenchDatabase, type BenchDatabase } from "./support/bench-database";
import { smallBriefContent } from "./support/brief-contents";
import { processCpuMs } from "./support/cpu-time";
import { holdStreams } from "./support/live-streams";
import { instrumentContext, openLiveBrief, type PageLog } from "./support/live-page";
import { mcpCaller, type McpCaller } from "./support/mcp-http";
import { benchAppEnv } from "./support/prepare-bench-app";
import { childPids, commandLine, inspectorOf, listeningPid, settledRss, treeCpuMs, type SettledRss } from "./support/process-memory";
import { inFolder } from "./support/in-folder";
import { signedInContext } from "./support/signed-in-context";
import { missingBuild, onCleanup, runBench, startBenchServer, wasInterrupted } from "./support/run-bench";

const ROOT = path.resolve(__dirname, "..");
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";
const EMAIL = "qa@example.test";
const PASSWORD = "a password for the live benchmark";
const ROWS = 20;
/** The targets (docs/benchmarks.md#live-updates). */
const TARGET = { p95: 250, max: 1000, pollP95: 1000, memoryMB: 100 };
/** How long a write may take to show before it counts as lost. */
const SHOW_TIMEOUT_MS = 20_000;

const { values } = parseArgs({
  strict: true,
  options: {
    db: { type: "string", default: "postgres" },
    "pg-url": { type: "string", default: "postgresql://postgres@127.0.0.1:5432/postgres" },
    direct: { type: "string" },
    writes: { type: "string", default: "200" },
    rate: { type: "string", default: "3" },
    "keep-listener": { type: "boolean", default: false },
    streams: { type: "string", default: "1000" },
    browsers: { type: "string", default: "100" },
    "browser-writes": { type: "string", default: "5" },
    "fetch-writes": { type: "string", default: "10" },
    fetchers: { type: "string", default: "100" },
    reference: { type: "string" },
    "reference-writes": { type: "string", default: "60" },
    json: { type: "string" },
  },
});
const options = {
  db: values.db as "postgres" | "pglite",
  pgUrl: values["pg-url"]!,
  direct: values.direct,
  writes: Number(values.writes),
  rate: Number(values.rate),
  kill: !values["keep-listener"],
  streams: Number(values.streams),
  browsers: Number(values.browsers),
  browserWrites: Number(values["browser-writes"]),
  fetchWrites: Number(values["fetch-writes"]),
  fetchers: Number(values.fetchers),
  reference: values.reference ? path.resolve(values.reference) : undefined,
  referenceWrites: Number(values["reference-writes"]),
  json: values.json,
};
if (options.db !== "postgres" && options.db !== "pglite") throw new Error("--db must be postgres or pglite");
if (options.db === "pglite" && options.direct) throw new Error("--direct applies to PostgreSQL only");
for (const [name, n] of Object.entries({ writes: options.writes, rate: options.rate, streams: options.streams, browsers: options.browsers, "browser-writes": options.browserWrites, "fetch-writes": options.fetchWrites, fetchers: options.fetchers, "reference-writes": options.referenceWrites })) {
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number ≥ 0`);
}

// ---------------------------------------------------------------------------------------------
// Figures

function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : "n/a");
const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;
const triple = (xs: number[]) => `${ms(percentile(xs, 50))} / ${ms(percentile(xs, 95))} / ${ms(Math.max(...xs))}`;
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
const sleep = (n: number) => new Promise((resolve) => setTimeout(resolve, n));
const newKey = () => crypto.randomUUID();
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");

// ---------------------------------------------------------------------------------------------
// Deployments: a database, the instance the agent writes to and the one the browser has open

type Instance = { origin: string; port: number; server: AppServer };

type Deployment = {
  label: string;
  db: BenchDatabase;
  writer: Instance;
  viewer: Instance;
  mcp: McpCaller;
  briefId: string;
  briefUrl: string;
  briefPath: string;
  rowTexts: string[];
  /** What each QA row holds now: every write flips one. */
  checked: boolean[];
  cookie: string;
};

async function deploy(label: string, root: string, direct: string | undefined, inspectViewer = false): Promise<Deployment> {
  if (missingBuild(root, DIST_DIR)) throw new Error(`No build of ${label} in ${root}/${DIST_DIR}`);
  const db = await createBenchDatabase(options.db, options.pgUrl);
  onCleanup(`remove the database of ${label}`, () => db.close());
  const envOf = (origin: string, more: Record<string, string> = {}) => benchAppEnv(origin, DIST_DIR, { ...db.env, BRIEFS_RATE_LIMITS: "mcp-token=off", ...more });
  const viewerPort = await freePort();
  const viewerOrigin = `http://127.0.0.1:${viewerPort}`;
  const token = await inFolder(root, () => createTokenWithAdminCommand(envOf(viewerOrigin), { email: EMAIL, scopes: "brief:read,brief:write", name: "Agent" }));
  const hash = await hashPassword(PASSWORD);
  await db.query(`UPDATE "User" SET "passwordHash" = '${hash.replaceAll("'", "''")}', name = 'Quinn', "emailVerifiedAt" = now() WHERE email = '${EMAIL}'`);

  const start = (port: number, more: Record<string, string> = {}): Instance => {
    const origin = `http://127.0.0.1:${port}`;
    return { origin, port, server: inFolder(root, () => startBenchServer(port, envOf(origin, more))) };
  };
  // The memory part collects the viewer's garbage through its inspector (on a port of its own, loopback only).
  const inspect: Record<string, string> = inspectViewer ? { NODE_OPTIONS: [process.env.NODE_OPTIONS, "--inspect=127.0.0.1:0"].filter(Boolean).join(" ") } : {};
  const viewer = start(viewerPort, { ...(direct ? { DATABASE_DIRECT_URL: direct } : {}), ...inspect });
  const writer = db.kind === "pglite" ? viewer : start(await freePort());
  await Promise.all([waitUntilMcpReady(writer.server, `${writer.origin}/api/mcp`, token), waitForHealth(viewer.server, viewer.origin)]);

  const mcp = mcpCaller(`${writer.origin}/api/mcp`, token);
  onCleanup(`close the MCP client of ${label}`, () => mcp.close());
  const projectId: string = (await mcp.ok("project_create", { name: "Live", idempotencyKey: newKey() })).project.id;
  const content = smallBriefContent("Live");
  const { brief } = await mcp.ok("brief_create", { projectId, title: "Watched brief", content, idempotencyKey: newKey() });
  const rowTexts = (content.testingQaChecklist as Array<{ text: string }>).map((row) => row.text);
  const cookie = (await signInOverHttp(viewer.origin, EMAIL, PASSWORD)).header();
  const briefPath = `/projects/${projectId}/briefs/${brief.id}`;
  return { label, db, writer, viewer, mcp, briefId: brief.id, briefUrl: `${viewer.origin}${briefPath}`, briefPath, rowTexts, checked: rowTexts.map(() => false), cookie };
}

async function stop(deployment: Deployment): Promise<void> {
  deployment.mcp.close();
  await Promise.all([deployment.writer.server.stop(), deployment.viewer.server.stop()]);
}

/** One write: the next row flipped. `answered` is when its HTTP answer arrived. */
type Write = { index: number; checked: boolean; sent: number; answered: number };

async function tick(deployment: Deployment, index: number): Promise<Write> {
  const checked = !deployment.checked[index];
  const sent = Date.now();
  const result = await deployment.mcp.ok("brief_checklist_update", { briefId: deployment.briefId, index, expectedText: deployment.rowTexts[index], checked, idempotencyKey: newKey() });
  const answered = Date.now();
  if (result.brief.createdNewVersion !== true) throw new Error(`write to row ${index} changed nothing`);
  deployment.checked[index] = checked;
  return { index, checked, sent, answered };
}

// ---------------------------------------------------------------------------------------------
// Pages

type LivePage = { context: BrowserContext; page: Page; log: PageLog };

async function openPage(browser: Browser, deployment: Deployment): Promise<LivePage> {
  const context = await signedInContext(browser, deployment.viewer.origin, deployment.cookie);
  const log = await instrumentContext(context);
  const page = await context.newPage();
  await openLiveBrief(page, deployment.briefUrl, ROWS);
  return { context, page, log };
}

/** When the page showed the write, when its stream said so, and the refresh's request in between. */
type Seen = { shown?: number; via?: string; event?: number; refresh?: { start: number; end: number } };

/**
 * The page's own refresh is the first fetch of the brief's data after the event (the live page: the
 * brief's page data as JSON) or after the write was sent (the polling page: the brief page's RSC, with
 * the prefetches of the links it shows going out after it).
 */
function seenIn(log: PageLog, deployment: Deployment, write: Write): Seen {
  const row = log.rows.find((r) => r.index === write.index && r.checked === write.checked && r.at >= write.sent);
  const event = log.events.find((e) => e.kind === "brief" && e.briefId === deployment.briefId && e.at >= write.sent);
  const from = event?.at ?? write.sent;
  const dataPath = `/api/briefs/${deployment.briefId}/page-data`;
  const refresh = log.fetches.find((r) => r.start >= from && (r.path === deployment.briefPath || r.path === dataPath) && (row === undefined || r.start <= row.at));
  return { shown: row?.at, via: row?.via, event: event?.at, refresh };
}

/** Until every page showed every write, or `timeoutMs` passed, or (with `stallMs`) no further page showed one for that long. */
async function untilShown(logs: PageLog[], deployment: Deployment, writes: Write[], timeoutMs = SHOW_TIMEOUT_MS, stallMs = Infinity): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let shown = -1;
  let since = Date.now();
  while (Date.now() < deadline && Date.now() - since < stallMs && !wasInterrupted()) {
    const now = logs.reduce((n, log) => n + writes.filter((write) => seenIn(log, deployment, write).shown !== undefined).length, 0);
    if (now === logs.length * writes.length) return;
    // The stall is counted from the last page that showed it, once one has.
    if (now !== shown || now === 0) [shown, since] = [now, Date.now()];
    await sleep(50);
  }
}

/** The share of one core the process used over `overMs`. */
async function cpuShare(pid: number, overMs: number): Promise<number> {
  const before = processCpuMs(pid) ?? 0;
  await sleep(overMs);
  return ((processCpuMs(pid) ?? 0) - before) / overMs;
}

/** Until the process used at most `share` of a core in two half-second windows running (or a minute passed). */
async function untilIdle(pid: number, share = 0.05): Promise<void> {
  const deadline = Date.now() + 60_000;
  let quiet = 0;
  while (Date.now() < deadline && quiet < 2 && !wasInterrupted()) quiet = (await cpuShare(pid, 500)) <= share ? quiet + 1 : 0;
}

/** What a page that never showed a write shows instead, in a few words: for the benchmark's output. */
async function describePage(live: LivePage, write: Write): Promise<string> {
  const heard = live.log.events.some((e) => e.kind === "brief" && e.at >= write.sent);
  const shows = await live.page
    .evaluate((index) => {
      const box = document.querySelector('[data-testid="qa-checklist"]')?.querySelectorAll('[data-testid="qa-row"]')[index]?.querySelector("input");
      if (box) return `the brief, row ${index} ${box.checked ? "checked" : "not checked"}`;
      const text = (document.querySelector("main")?.textContent ?? document.body.textContent ?? "").trim();
      const heading = document.querySelector("h1")?.textContent?.trim() ?? text.slice(0, 60);
      const reference = /Reference: (\S+?)(Try again|$)/.exec(text)?.[1];
      return `"${heading}"${reference ? ` (reference ${reference})` : ""}`;
    }, write.index)
    .catch((error: Error) => `unreadable (${error.message.split("\n")[0]})`);
  return `${heard ? "heard the change" : "never heard the change"}; shows ${shows}`;
}

// ---------------------------------------------------------------------------------------------
// 1 and 2: one page, many writes

type LatencyRun = {
  label: string;
  /** The page's whole log, for --json. */
  log: PageLog;
  writes: Write[];
  seen: Seen[];
  latencies: number[];
  lost: number;
  viaInterval: number;
  /** Requests for data the page made per write: its refresh, and with RSC the prefetches that follow it. */
  fetchesPerWrite: number;
  kill?: { atWrite: number; backAfterMs: number | undefined; sentInGap: number; affected: number[] };
};

/** The listening connections of this database (only this benchmark's: other runs may share the server). */
async function listenerControl(db: BenchDatabase) {
  const client = new pg.Client({ connectionString: db.location });
  await client.connect();
  onCleanup("close the listener monitor", () => client.end().catch(() => {}));
  const count = async () => Number((await client.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'briefs-live' AND datname = current_database()`)).rows[0].n);
  return {
    count,
    async terminate(): Promise<{ at: number; back: Promise<number | undefined> }> {
      const before = await count();
      if (before === 0) throw new Error("no listening connection to terminate");
      const at = Date.now();
      await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'briefs-live' AND datname = current_database()`);
      const back = (async () => {
        const deadline = Date.now() + 30_000;
        while (Date.now() < deadline) {
          if ((await count()) >= before) return Date.now() - at;
          await sleep(10);
        }
        return undefined;
      })();
      return { at, back };
    },
  };
}

async function measureLatency(browser: Browser, deployment: Deployment, writes: number, kill: boolean): Promise<LatencyRun> {
  const live = await openPage(browser, deployment);
  try {
    const control = kill ? await listenerControl(deployment.db) : undefined;
    const killAt = Math.floor(writes / 2);
    let killed: { at: number; back: Promise<number | undefined> } | undefined;
    const done: Write[] = [];
    const interval = 1000 / options.rate;
    const start = Date.now() + 500;
    for (let k = 0; k < writes && !wasInterrupted(); k++) {
      const wait = start + k * interval - Date.now();
      if (wait > 0) await sleep(wait);
      if (control && k === killAt) killed = await control.terminate();
      done.push(await tick(deployment, k % ROWS));
    }
    await untilShown([live.log], deployment, done);
    const seen = done.map((write) => seenIn(live.log, deployment, write));
    const latencies = done.map((write, i) => (seen[i].shown ?? Infinity) - write.answered);
    const run: LatencyRun = {
      label: deployment.label,
      log: live.log,
      writes: done,
      seen,
      latencies,
      lost: seen.filter((s) => s.shown === undefined).length,
      viaInterval: seen.filter((s) => s.via === "interval").length,
      fetchesPerWrite: done.length ? live.log.fetches.filter((r) => r.start >= done[0].sent).length / done.length : NaN,
    };
    if (killed) {
      const backAfterMs = await killed.back;
      const gapEnd = killed.at + (backAfterMs ?? 30_000);
      // Writes after the termination until 5 s after it: those whose latency went over the p95 target.
      const near = done.map((w, i) => ({ w, i })).filter(({ w }) => w.sent >= killed!.at && w.sent < killed!.at + 5_000);
      run.kill = {
        atWrite: killAt,
        backAfterMs,
        sentInGap: done.filter((w) => w.sent >= killed!.at && w.sent < gapEnd).length,
        affected: near.filter(({ i }) => latencies[i] > TARGET.p95).map(({ i }) => latencies[i]),
      };
    }
    return run;
  } finally {
    await live.context.close();
  }
}

function printLatency(run: LatencyRun, target: { p95: number; max?: number }): void {
  const finite = run.latencies.filter(Number.isFinite);
  const events = run.seen.map((s, i) => (s.event === undefined ? undefined : s.event - run.writes[i].answered)).filter((x): x is number => x !== undefined);
  const refreshes = run.seen.filter((s) => s.refresh).map((s) => s.refresh!.end - s.refresh!.start);
  const p95 = percentile(run.latencies, 95);
  const max = Math.max(...run.latencies);
  console.log(`\n${run.label}: ${run.writes.length} writes at ${options.rate}/s, answer → row shown in the page`);
  console.log(`  p50 / p95 / max            ${triple(run.latencies)}   min ${ms(Math.min(...finite))}`);
  console.log(`  target p95 ≤ ${target.p95} ms         ${verdict(p95 <= target.p95)}${target.max ? `; max ≤ ${target.max} ms ${verdict(max <= target.max)}` : ""}`);
  if (events.length) console.log(`  answer → event in the page ${triple(events)} (${events.length} of ${run.writes.length} writes)`);
  if (refreshes.length) {
    const timed = run.seen.filter((s) => s.refresh && s.event !== undefined && s.shown !== undefined);
    console.log(`  event → refresh requested  ${triple(timed.map((s) => s.refresh!.start - s.event!))}`);
    console.log(`  the refresh's request      ${triple(refreshes)} (its own duration)`);
    console.log(`  its answer → row shown     ${triple(timed.map((s) => s.shown! - s.refresh!.end))}`);
  }
  console.log(`  data requests per write    ${run.fetchesPerWrite.toFixed(1)} (the refresh; with RSC, also prefetches of the links the page shows)`);
  const updates = new Set(run.seen.filter((s) => s.shown !== undefined).map((s) => s.shown)).size;
  console.log(`  DOM updates                ${updates} for ${run.writes.length} writes (writes shown in the same update as another: ${run.writes.length - run.lost - updates})`);
  const calls = run.writes.map((w) => w.answered - w.sent);
  console.log(`  the tool call itself       ${triple(calls)}`);
  console.log(`  lost (not shown in ${SHOW_TIMEOUT_MS / 1000} s): ${run.lost}; seen first by the 1 s fallback check, not the observer: ${run.viaInterval}`);
  if (run.kill) {
    const k = run.kill;
    console.log(
      `  listener terminated before write ${k.atWrite + 1}: back after ${k.backAfterMs === undefined ? "> 30 s" : `${k.backAfterMs} ms`}, ` +
        `${k.sentInGap} write(s) sent while it was down; within 5 s after: ${k.affected.length} over ${TARGET.p95} ms${k.affected.length ? ` (max ${ms(Math.max(...k.affected))})` : ""}`,
    );
    const killIndex = k.atWrite;
    const rest = run.latencies.filter((_, i) => i < killIndex || run.writes[i].sent >= run.writes[killIndex].sent + 5_000);
    console.log(`  without the 5 s after it   ${triple(rest)} (${rest.length} writes)`);
  }
}

// ---------------------------------------------------------------------------------------------
// 3: memory of open streams

type Memory = { rss: SettledRss; heapKiB: number; externalKiB: number };
type MemoryRun = { pid: number; command: string; none: Memory; open: Memory; closed: Memory; encodings: string[]; fanout: number[]; lost: number; streams: number };

async function measureMemory(deployment: Deployment, count: number): Promise<MemoryRun> {
  const server = deployment.viewer;
  const pid = listeningPid(server.server.child.pid!, server.port);
  const inspector = await inspectorOf(pid, server.port);
  onCleanup("close the inspector connection", () => inspector.close());
  // Garbage collected (twice: what the first frees can hold more), then RSS until it stops moving.
  const memory = async (): Promise<Memory> => {
    await inspector.collectGarbage();
    await inspector.collectGarbage();
    const rss = await settledRss(pid);
    const usage = await inspector.memoryUsage();
    return { rss, heapKiB: usage.heapUsed / 1024, externalKiB: usage.external / 1024 };
  };
  const none = await memory();
  const streams = await holdStreams(server.origin, deployment.cookie, count);
  onCleanup("close the streams", () => streams.forEach((s) => s.close()));
  const open = await memory();
  // Five writes, one a second: when did each reach every stream?
  const fanout: number[] = [];
  let lost = 0;
  for (let w = 0; w < 5 && !wasInterrupted(); w++) {
    const write = await tick(deployment, w % ROWS);
    const deadline = Date.now() + SHOW_TIMEOUT_MS;
    const arrival = (i: number) => streams[i].events.find((e) => e.kind === "brief" && e.briefId === deployment.briefId && e.at >= write.sent)?.at;
    while (Date.now() < deadline && streams.some((_, i) => arrival(i) === undefined)) await sleep(20);
    for (let i = 0; i < streams.length; i++) {
      const at = arrival(i);
      if (at === undefined) lost++;
      else fanout.push(at - write.answered);
    }
    await sleep(1000);
  }
  const encodings = [...new Set(streams.map((s) => s.contentEncoding || "none"))];
  const ended = streams.filter((s) => s.ended).length;
  if (ended) throw new Error(`${ended} streams ended while held open`);
  streams.forEach((s) => s.close());
  const closed = await memory();
  inspector.close();
  return { pid, command: commandLine(pid), none, open, closed, encodings, fanout, lost, streams: count };
}

function printMemory(run: MemoryRun): void {
  const delta = run.open.rss.kib - run.none.rss.kib;
  const heapDelta = run.open.heapKiB - run.none.heapKiB;
  const shown = (m: Memory) =>
    `${mib(m.rss.kib)} (${m.rss.settled ? `steady within ${m.rss.spreadKiB} KiB over 8 samples` : `not steady: ${m.rss.spreadKiB} KiB spread`}, after ${(m.rss.waitedMs / 1000).toFixed(1)} s); V8 heap used ${mib(m.heapKiB)}, external ${mib(m.externalKiB)}`;
  console.log(`\nMemory of ${run.streams} open streams: RSS of pid ${run.pid} (${run.command}), each after a full garbage collection`);
  console.log(`  no stream                  ${shown(run.none)}`);
  console.log(`  ${String(run.streams).padEnd(5)} streams              ${shown(run.open)}`);
  console.log(`  streams closed again       ${shown(run.closed)}`);
  console.log(`  difference                 RSS ${mib(delta)} (${(delta / run.streams).toFixed(1)} KiB per stream), heap ${mib(heapDelta)} (${(heapDelta / run.streams).toFixed(1)} KiB per stream)   target ≤ ${TARGET.memoryMB} MB: ${verdict(delta * 1024 <= TARGET.memoryMB * 1e6)}`);
  console.log(`  Content-Encoding of the streams (asked with Accept-Encoding: gzip): ${run.encodings.join(", ")}`);
  console.log(`  5 writes → every stream    ${triple(run.fanout)} (answer → event arrived, ${run.fanout.length} deliveries, ${run.lost} lost)`);
}

// ---------------------------------------------------------------------------------------------
// 4: many browsers

type ManyRun = { pages: number; openMs: number; steady: number; latencies: number[]; events: number[]; refreshes: number[]; fetchesPerPageWrite: number; perWrite: Array<{ slowest: number; p50: number; cpuMs: number; browserCpuMs: number; ms: number }>; lost: number; viaInterval: number; errorPages: number };

async function measureManyBrowsers(browser: Browser, deployment: Deployment, count: number, writes: number): Promise<ManyRun> {
  const pages: LivePage[] = [];
  onCleanup("close the browser contexts", () => Promise.all(pages.map((p) => p.context.close().catch(() => {}))).then(() => {}));
  const viewerPid = listeningPid(deployment.viewer.server.child.pid!, deployment.viewer.port);
  const opening = Date.now();
  const queue = Array.from({ length: count }, (_, i) => i);
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (queue.length && !wasInterrupted()) {
        queue.pop();
        pages.push(await openPage(browser, deployment));
        if (pages.length % 10 === 0) console.log(`  ${pages.length} pages open (${((Date.now() - opening) / 1000).toFixed(0)} s)`);
      }
    }),
  );
  const openMs = Date.now() - opening;
  // With every page open, B still serves their presence heartbeats: "idle" is its steady load
  // plus a tenth of a core, measured once the opening has settled.
  await untilIdle(viewerPid, 0.3);
  const steady = await cpuShare(viewerPid, 5000);
  const idle = steady + 0.1;
  console.log(`  ${pages.length} pages open after ${(openMs / 1000).toFixed(0)} s; B's steady load ${(steady * 100).toFixed(0)} % of a core`);
  const latencies: number[] = [];
  const events: number[] = [];
  const refreshes: number[] = [];
  const perWrite: ManyRun["perWrite"] = [];
  let lost = 0;
  let viaInterval = 0;
  let firstSent: number | undefined;
  let errorPages = 0;
  // The browser Playwright started: this process's child running Chromium, with its renderers below it.
  const browserPids = childPids(process.pid).filter((pid) => /chrom/i.test(commandLine(pid)));
  const browserCpu = () => (browserPids.length ? browserPids.reduce((sum, pid) => sum + treeCpuMs(pid), 0) : NaN);
  for (let w = 0; w < writes && !wasInterrupted(); w++) {
    const cpuBefore = processCpuMs(viewerPid) ?? 0;
    const browserBefore = browserCpu();
    const wave = Date.now();
    const write = await tick(deployment, (w * 7) % ROWS);
    firstSent ??= write.sent;
    // A page that shows an error instead of the brief never shows it: stop waiting 30 s after the last one that did.
    await untilShown(pages.map((p) => p.log), deployment, [write], 180_000, 30_000);
    const these: number[] = [];
    for (const p of pages) {
      const seen = seenIn(p.log, deployment, write);
      if (seen.shown === undefined) lost++;
      else these.push(seen.shown - write.answered);
      if (seen.via === "interval") viaInterval++;
      if (seen.event !== undefined) events.push(seen.event - write.answered);
      if (seen.refresh) refreshes.push(seen.refresh.end - seen.refresh.start);
    }
    latencies.push(...these);
    const lastShown = Date.now();
    await untilIdle(viewerPid, idle);
    // B's CPU from the write until it was idle again (its steady load, the pages' presence heartbeats, included).
    perWrite.push({ slowest: Math.max(...these), p50: percentile(these, 50), cpuMs: (processCpuMs(viewerPid) ?? 0) - cpuBefore, browserCpuMs: browserCpu() - browserBefore, ms: Date.now() - wave });
    const stuck = pages.filter((p) => seenIn(p.log, deployment, write).shown === undefined);
    const kinds = new Map<string, number>();
    for (const p of stuck) {
      const kind = await describePage(p, write);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    for (const [kind, n] of kinds) console.log(`    not shown on ${n} page(s): ${kind}`);
    errorPages = [...kinds].filter(([kind]) => kind.includes("Something went wrong")).reduce((sum, [, n]) => sum + n, 0);
    console.log(`  write ${w + 1}: median page ${ms(percentile(these, 50))}, last page ${ms(Math.max(...these))}, ${pages.length - these.length} not shown; B busy ${((Date.now() - lastShown) / 1000).toFixed(1)} s more`);
  }
  const errors = new Map<string, number>();
  for (const line of deployment.viewer.server.log().split("\n")) if (line.startsWith("⨯ ")) errors.set(line, (errors.get(line) ?? 0) + 1);
  for (const [line, n] of errors) console.log(`  B's log, ${n}×: ${line.slice(0, 200)}`);
  const fetchCount = pages.reduce((n, p) => n + p.log.fetches.filter((r) => r.start >= (firstSent ?? Infinity)).length, 0);
  await Promise.all(pages.map((p) => p.context.close()));
  return { pages: pages.length, openMs, steady, errorPages, latencies, events, refreshes, fetchesPerPageWrite: fetchCount / (pages.length * perWrite.length), perWrite, lost, viaInterval };
}

function printMany(run: ManyRun): void {
  console.log(`\nThe brief open in ${run.pages} browser contexts on B (opened in ${(run.openMs / 1000).toFixed(0)} s, 4 at a time), ${run.perWrite.length} writes on A`);
  console.log(`  answer → row shown, all pages ${triple(run.latencies)} (${run.latencies.length} page updates)   target p95 ≤ ${TARGET.p95} ms: ${verdict(percentile(run.latencies, 95) <= TARGET.p95)}`);
  console.log(`  answer → event in the page     ${triple(run.events)}`);
  console.log(`  each page's refresh request    ${triple(run.refreshes)} (its own duration); ${run.fetchesPerPageWrite.toFixed(1)} data requests per page and write`);
  console.log(`  B's steady load with every page open: ${(run.steady * 100).toFixed(0)} % of a core (presence heartbeats)`);
  console.log(`  per write: median page / last page / CPU of B + of the browser, over how long:`);
  for (const w of run.perWrite) console.log(`    ${ms(w.p50)} / ${ms(w.slowest)} / ${(w.cpuMs / 1000).toFixed(1)} s + ${(w.browserCpuMs / 1000).toFixed(1)} s in ${(w.ms / 1000).toFixed(1)} s`);
  console.log(`  lost: ${run.lost}; pages showing "Something went wrong" after the last write: ${run.errorPages}; seen first by the 1 s fallback check: ${run.viaInterval}`);
}

// ---------------------------------------------------------------------------------------------
// 4b: many stream clients that fetch the page's data on each event, as the page's refresh does

/**
 * How each client gets the page's data: from the event, being present on the brief (the page now);
 * by fetching it as JSON on every event (before); or the page's RSC payload (before that).
 */
type FetchWhat = "pushed" | "data" | "rsc";

type FetchRun = { what: FetchWhat; clients: number; latencies: number[]; events: number[]; statuses: Record<string, number>; perWrite: Array<{ p50: number; slowest: number; cpuMs: number }>; lost: number; serverErrors: number };

/**
 * GET of the brief's data on a kept-alive connection of the client's own: its page data as JSON, or the
 * brief page's RSC payload (what router.refresh asks for). An RSC `path` carries the `_rsc`
 * parameter Next expects for these headers (it redirects a request without it to the same path
 * with it: rscPath asks once).
 */
function fetchPageData(agent: http.Agent | false, deployment: Deployment, path: string, what: FetchWhat = "rsc"): Promise<{ status: number; at: number; location?: string }> {
  const url = new URL(deployment.briefUrl);
  const headers = what === "rsc" ? { cookie: deployment.cookie, rsc: "1", "accept-encoding": "gzip" } : { cookie: deployment.cookie, accept: "application/json", "accept-encoding": "gzip" };
  return new Promise((resolve) => {
    const request = http.get({ agent, host: url.hostname, port: url.port, path, headers }, (response) => {
      const location = response.headers.location;
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, at: Date.now(), location }));
      response.on("error", () => resolve({ status: -1, at: Date.now() }));
    });
    request.on("error", () => resolve({ status: -1, at: Date.now() }));
  });
}

/** A tab's word that it has the brief open (what the page's presence hook sends). */
function postPresence(agent: http.Agent, deployment: Deployment, tabId: string): Promise<number> {
  const url = new URL(deployment.briefUrl);
  const body = JSON.stringify({ tabId, section: null });
  return new Promise((resolve) => {
    const request = http.request(
      { agent, host: url.hostname, port: url.port, method: "POST", path: `/api/briefs/${deployment.briefId}/presence`, headers: { cookie: deployment.cookie, "content-type": "application/json", accept: "application/json", origin: url.origin } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", () => resolve(-1));
    request.end(body);
  });
}

async function rscPath(deployment: Deployment): Promise<string> {
  const first = await fetchPageData(false, deployment, deployment.briefPath);
  if (first.status === 200) return deployment.briefPath;
  if (first.status !== 307 || !first.location) throw new Error(`The brief page's RSC answered ${first.status}`);
  const path = new URL(first.location, deployment.briefUrl);
  const second = await fetchPageData(false, deployment, path.pathname + path.search);
  if (second.status !== 200) throw new Error(`The brief page's RSC at ${first.location} answered ${second.status}`);
  return path.pathname + path.search;
}

async function measureFetchers(deployment: Deployment, count: number, writes: number, what: FetchWhat): Promise<FetchRun> {
  const viewerPid = listeningPid(deployment.viewer.server.child.pid!, deployment.viewer.port);
  const path = what === "rsc" ? await rscPath(deployment) : `/api/briefs/${deployment.briefId}/page-data`;
  const agents = Array.from({ length: count }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  onCleanup("close the fetchers' connections", () => agents.forEach((a) => a.destroy()));
  // Each client's page data, by the change count its event named: in the event ("pushed"), or fetched.
  const fetched = new Map<string, { event: number; done?: number; status?: number | "pushed" }>();
  const streams = await holdStreams(deployment.viewer.origin, deployment.cookie, count, 50, (client, event) => {
    if (event.kind !== "brief" || event.briefId !== deployment.briefId) return;
    const entry: { event: number; done?: number; status?: number | "pushed" } = { event: event.at };
    fetched.set(`${client}/${event.seq}`, entry);
    if (what === "pushed" && event.page !== undefined) return void Object.assign(entry, { status: "pushed", done: event.at });
    void fetchPageData(agents[client], deployment, path, what === "rsc" ? "rsc" : "data").then(({ status, at }) => Object.assign(entry, { status, done: at }));
  });
  onCleanup("close the fetchers' streams", () => streams.forEach((s) => s.close()));
  // Present clients say so as a page does, each as a tab of its own, and keep saying it.
  const tabs = Array.from({ length: what === "pushed" ? count : 0 }, (_, i) => `bench-tab-${i}-${crypto.randomUUID().slice(0, 8)}`);
  const sayPresent = () => Promise.all(tabs.map((tabId, i) => postPresence(agents[i], deployment, tabId)));
  const answers = await sayPresent();
  if (answers.some((status) => status !== 200)) throw new Error(`POST …/presence answered ${[...new Set(answers)].join(", ")}`);
  const heartbeat = tabs.length ? setInterval(() => void sayPresent(), 7_000) : undefined;
  onCleanup("stop the fetchers' presence", () => clearInterval(heartbeat));
  const errorsBefore = deployment.viewer.server.log().split("\n").filter((line) => /⨯ Error/.test(line)).length;
  await untilIdle(viewerPid);
  const latencies: number[] = [];
  const events: number[] = [];
  const statuses: Record<string, number> = {};
  const perWrite: FetchRun["perWrite"] = [];
  let lost = 0;
  for (let w = 0; w < writes && !wasInterrupted(); w++) {
    const cpuBefore = processCpuMs(viewerPid) ?? 0;
    const write = await tick(deployment, (w * 7 + 3) % ROWS);
    const seqOf = (client: number) => streams[client].events.find((e) => e.kind === "brief" && e.briefId === deployment.briefId && e.at >= write.sent)?.seq;
    const entryOf = (client: number) => {
      const seq = seqOf(client);
      return seq === undefined ? undefined : fetched.get(`${client}/${seq}`);
    };
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && streams.some((_, i) => entryOf(i)?.done === undefined)) await sleep(20);
    const these: number[] = [];
    for (let i = 0; i < count; i++) {
      const entry = entryOf(i);
      if (entry?.done === undefined) {
        lost++;
        continue;
      }
      these.push(entry.done - write.answered);
      events.push(entry.event - write.answered);
      statuses[entry.status!] = (statuses[entry.status!] ?? 0) + 1;
    }
    latencies.push(...these);
    await untilIdle(viewerPid);
    perWrite.push({ p50: percentile(these, 50), slowest: Math.max(...these), cpuMs: (processCpuMs(viewerPid) ?? 0) - cpuBefore });
  }
  clearInterval(heartbeat);
  streams.forEach((s) => s.close());
  agents.forEach((a) => a.destroy());
  const serverErrors = deployment.viewer.server.log().split("\n").filter((line) => /⨯ Error/.test(line)).length - errorsBefore;
  return { what, clients: count, latencies, events, statuses, perWrite, lost, serverErrors };
}

function printFetchers(run: FetchRun, ...references: FetchRun[]): void {
  const how = {
    pushed: "present on the brief, taking the page's data from the event, as the page does",
    data: "fetching the brief's page data (JSON) on each event, as the page did before",
    rsc: "fetching the brief page's RSC payload on each event, as the page did before that",
  }[run.what];
  const pushed = run.statuses.pushed ?? 0;
  console.log(`\n${run.clients} stream clients on B, ${how}; ${run.perWrite.length} writes on A`);
  console.log(`  answer → page data in hand, all clients ${triple(run.latencies)} (${run.latencies.length}, ${pushed} of them with the event)   target p95 ≤ ${TARGET.p95} ms: ${verdict(percentile(run.latencies, 95) <= TARGET.p95)}`);
  console.log(`  answer → event                       ${triple(run.events)}`);
  console.log(`  per write: median client / last client / B's CPU: ${run.perWrite.map((w) => `${ms(w.p50)} / ${ms(w.slowest)} / ${ms(w.cpuMs)}`).join("; ")}`);
  console.log(`  HTTP statuses: ${Object.entries(run.statuses).map(([status, n]) => `${status} × ${n}`).join(", ")}; errors in B's log: ${run.serverErrors}; lost: ${run.lost}`);
  const cpu = (r: FetchRun) => percentile(r.perWrite.map((w) => w.cpuMs), 50);
  for (const other of references) {
    console.log(`  beside ${other.what === "rsc" ? "the RSC fetches" : "the page-data fetches"}: p95 ${(percentile(run.latencies, 95) / percentile(other.latencies, 95)).toFixed(2)}×, B's CPU per write ${(cpu(run) / cpu(other)).toFixed(2)}×`);
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const loadAtStart = load();
  const choice = await chooseChromium();
  // Playwright's own ^C handler would close the browser and exit at once, before the clean-up below
  // stops the servers and drops the databases: the clean-up closes the browser instead.
  const browser = await chromium.launch({ executablePath: choice.executablePath, args: choice.args, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
  onCleanup("close the browser", () => browser.close());
  const direct = options.direct;
  const mode = options.db === "pglite" ? "embedded database, one instance (agent and browser on the same one)" : direct === "none" ? "PostgreSQL, B polls (DATABASE_DIRECT_URL=none)" : `PostgreSQL, B listens (${direct ? "DATABASE_DIRECT_URL" : "on DATABASE_URL"})`;
  const target = direct === "none" ? { p95: TARGET.pollP95 } : { p95: TARGET.p95, max: TARGET.max };

  console.log(`Live updates: ${mode}`);
  const live = await deploy("live (this build)", ROOT, direct, options.streams > 0);
  console.log(`${await live.db.describe()}; Chromium (${choice.source}); load average ${loadAtStart}`);
  let latency: LatencyRun | undefined;
  if (options.writes > 0) {
    console.log(`Writing ${options.writes} ticks at ${options.rate}/s…`);
    const kill = options.kill && options.db === "postgres" && direct !== "none";
    latency = await measureLatency(browser, live, options.writes, kill);
    printLatency(latency, target);
  }

  let reference: LatencyRun | undefined;
  if (options.reference && !wasInterrupted()) {
    console.log(`\nThe reference: the build in ${options.reference} (${options.referenceWrites} ticks)…`);
    const old = await deploy("reference (the 2 s poll)", options.reference, undefined);
    reference = await measureLatency(browser, old, options.referenceWrites, false);
    await stop(old);
    printLatency(reference, target);
  }

  let memory: MemoryRun | undefined;
  if (options.streams > 0 && !wasInterrupted()) {
    console.log(`\nHolding ${options.streams} streams open on B…`);
    memory = await measureMemory(live, options.streams);
    printMemory(memory);
  }

  let fetchers: FetchRun | undefined;
  let dataFetchers: FetchRun | undefined;
  let rscFetchers: FetchRun | undefined;
  if (options.fetchers > 0 && !wasInterrupted()) {
    // The references first: once clients have said they are present, events carry the data for a while.
    console.log(`\n${options.fetchers} stream clients that fetch the page's data on each change (the references)…`);
    dataFetchers = await measureFetchers(live, options.fetchers, options.fetchWrites, "data");
    if (!wasInterrupted()) rscFetchers = await measureFetchers(live, options.fetchers, options.fetchWrites, "rsc");
    console.log(`\n${options.fetchers} stream clients present on the brief…`);
    if (!wasInterrupted()) fetchers = await measureFetchers(live, options.fetchers, options.fetchWrites, "pushed");
    if (rscFetchers) printFetchers(rscFetchers);
    printFetchers(dataFetchers, ...(rscFetchers ? [rscFetchers] : []));
    if (fetchers) printFetchers(fetchers, dataFetchers, ...(rscFetchers ? [rscFetchers] : []));
  }

  let many: ManyRun | undefined;
  if (options.browsers > 0 && !wasInterrupted()) {
    console.log(`\nOpening the brief in ${options.browsers} browser contexts…`);
    many = await measureManyBrowsers(browser, live, options.browsers, options.browserWrites);
    printMany(many);
  }

  console.log(`\nload average at the end: ${load()} (at the start: ${loadAtStart}); ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}`);
  const summary = {
    mode,
    latency: latency && { writes: latency.writes.length, p50: percentile(latency.latencies, 50), p95: percentile(latency.latencies, 95), max: Math.max(...latency.latencies), lost: latency.lost, kill: latency.kill },
    reference: reference && { writes: reference.writes.length, p50: percentile(reference.latencies, 50), p95: percentile(reference.latencies, 95), max: Math.max(...reference.latencies) },
    memory: memory && { noneKiB: memory.none.rss.kib, openKiB: memory.open.rss.kib, closedKiB: memory.closed.rss.kib, deltaKiB: memory.open.rss.kib - memory.none.rss.kib, heapDeltaKiB: memory.open.heapKiB - memory.none.heapKiB, fanout: { p50: percentile(memory.fanout, 50), p95: percentile(memory.fanout, 95), max: Math.max(...memory.fanout) } },
    fetchers: fetchers && { clients: fetchers.clients, p50: percentile(fetchers.latencies, 50), p95: percentile(fetchers.latencies, 95), max: Math.max(...fetchers.latencies), statuses: fetchers.statuses, serverErrors: fetchers.serverErrors },
    dataFetchers: dataFetchers && { clients: dataFetchers.clients, p50: percentile(dataFetchers.latencies, 50), p95: percentile(dataFetchers.latencies, 95), max: Math.max(...dataFetchers.latencies) },
    rscFetchers: rscFetchers && { clients: rscFetchers.clients, p50: percentile(rscFetchers.latencies, 50), p95: percentile(rscFetchers.latencies, 95), max: Math.max(...rscFetchers.latencies) },
    many: many && { pages: many.pages, errorPages: many.errorPages, p50: percentile(many.latencies, 50), p95: percentile(many.latencies, 95), max: Math.max(...many.latencies), lost: many.lost },
  };
  console.log(`RESULT_JSON ${JSON.stringify(summary)}`);
  if (options.json) {
    const raw = { options, briefPath: live.briefPath, latency, reference, memory, fetchers, dataFetchers, rscFetchers, many };
    fs.writeFileSync(options.json, JSON.stringify(raw, (_key, value) => (value === Infinity ? null : value)));
    console.log(`Every sample: ${options.json}`);
  }
  const lost = (latency?.lost ?? 0) + (reference?.lost ?? 0) + (memory?.lost ?? 0) + (fetchers?.lost ?? 0) + (dataFetchers?.lost ?? 0) + (rscFetchers?.lost ?? 0) + (many?.lost ?? 0);
  return lost === 0 ? 0 : 1;
}

runBench(main);
