/**
 * Load benchmark: N MCP clients tick and untick the QA checklist of one large brief at once.
 *
 *   npx tsx bench/build.ts        # NEXT_DIST_DIR=.next-bench next build, undoing its edits to shared files; after every code change
 *   npx tsx bench/toggle-load.ts --db pglite   --clients 8 --seconds 20
 *   npx tsx bench/toggle-load.ts --db postgres --clients 8 --seconds 20 [--pg-url postgresql://postgres@127.0.0.1:5432/postgres]
 *
 * What it does (docs/benchmarks.md explains how to read the output):
 *  1. checks for the build in NEXT_DIST_DIR (default .next-bench) and passes that folder to `next start`;
 *  2. prepares a fresh database (PGlite: a temporary BRIEFS_DATA_DIR; PostgreSQL: a new database
 *     briefs_bench_<random>) and creates an API token with the admin command before the server starts;
 *  3. starts `next start`, waits for an authenticated tools/list to answer, creates a project and a brief
 *     of about 200 KB with a 50-row QA checklist over MCP, stops the server and measures the history tables;
 *  4. starts the server again, warms each client up with calls that change nothing, then runs N clients
 *     for a fixed time: client i toggles only rows r with r % N == i, alternating true/false, with
 *     expectedText and a fresh idempotencyKey per call and no ifVersionNum;
 *  5. checks for lost updates (versionNum, every row's final value, the versions collection), stops the
 *     server, measures the history tables again and prints throughput, latency, errors and growth;
 *  6. always stops the server and removes the temporary folder / drops the database, also on failure or ^C.
 *
 * Not part of `npm test`. Exit code 0 only when every check passes.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { waitUntilMcpReady } from "../tests/support/app-server";
import type { BenchDatabase } from "./support/bench-database";
import { largeBriefContent } from "./support/brief-contents";
import { groupCpuMs, processCpuMs } from "./support/cpu-time";
import { prepareBenchApp } from "./support/prepare-bench-app";
import { runBench, startBenchServer, wasInterrupted } from "./support/run-bench";

const ROOT = path.resolve(__dirname, "..");
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";
const CHECKLIST_ROWS = 50;
const WARMUP_CALLS_PER_CLIENT = 5;
const MAX_ATTEMPTS_ON_TRANSPORT_ERROR = 5;
/** The tables that make up a brief's history (versions, their section blobs, receipts, collection items). */
const HISTORY_TABLES = ["ContentBlob", "BriefVersion", "IdempotencyReceipt", "BriefItem"] as const;

// ---------------------------------------------------------------------------------------------
// Options

type Options = { db: "pglite" | "postgres"; clients: number; seconds: number; pgUrl: string; port?: number };

function usageError(message: string): never {
  console.error(
    `${message}\n\nUsage: npx tsx bench/toggle-load.ts --db pglite|postgres [--clients 8] [--seconds 20] ` +
      `[--pg-url postgresql://postgres@127.0.0.1:5432/postgres] [--port <port>]`,
  );
  process.exit(2);
}

function parseOptions(): Options {
  let values;
  try {
    ({ values } = parseArgs({
      strict: true,
      options: {
        db: { type: "string", default: "pglite" },
        clients: { type: "string", default: "8" },
        seconds: { type: "string", default: "20" },
        "pg-url": { type: "string", default: "postgresql://postgres@127.0.0.1:5432/postgres" },
        port: { type: "string" },
      },
    }));
  } catch (error) {
    usageError((error as Error).message);
  }
  const db = values.db;
  if (db !== "pglite" && db !== "postgres") usageError(`--db must be pglite or postgres, not "${db}".`);
  const clients = Number(values.clients);
  if (!Number.isInteger(clients) || clients < 1 || clients > CHECKLIST_ROWS) usageError(`--clients must be a whole number 1..${CHECKLIST_ROWS}.`);
  const seconds = Number(values.seconds);
  if (!Number.isFinite(seconds) || seconds <= 0) usageError("--seconds must be a positive number.");
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) usageError("--port must be a port number.");
  return { db, clients, seconds, pgUrl: values["pg-url"]!, port };
}

// ---------------------------------------------------------------------------------------------
// Build, database, token, server

function requireBuild(): void {
  const buildId = path.join(ROOT, DIST_DIR, "BUILD_ID");
  if (!fs.existsSync(buildId)) {
    console.error(
      `No production build in ${DIST_DIR}/ (${buildId} is missing).\n` +
        `Build it first, from ${ROOT}:\n\n  npx tsx bench/build.ts\n\n` +
        `(that is NEXT_DIST_DIR=${DIST_DIR} npx next build, then it puts back the tsconfig.json and next-env.d.ts edits next build makes).\n`,
    );
    process.exit(2);
  }
  // Others change the code while a build sits there: say so when sources are newer than the build.
  const builtAt = fs.statSync(buildId).mtimeMs;
  const newer = ["app", "lib", "components"].flatMap((dir) => newerFiles(path.join(ROOT, dir), builtAt)).slice(0, 5);
  if (newer.length) {
    console.warn(`Warning: these sources changed after the build in ${DIST_DIR}/ (rebuild to measure them): ${newer.map((f) => path.relative(ROOT, f)).join(", ")}${newer.length === 5 ? ", …" : ""}`);
  }
}

function newerFiles(dir: string, than: number): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "generated" && entry.name !== "node_modules") out.push(...newerFiles(full, than));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && fs.statSync(full).mtimeMs > than) {
      out.push(full);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// MCP

type ChecklistRow = { text: string; checked: boolean };
type BriefRecord = { id: string; versionNum: number; createdNewVersion?: boolean; content: { testingQaChecklist?: ChecklistRow[]; [key: string]: unknown } };
/** The parts of the tools' results the benchmark reads. */
type Structured = {
  brief?: BriefRecord;
  project?: { id: string };
  error?: { code?: string };
  items?: Array<{ versionNum: number }>;
  nextCursor?: string | null;
};
type ToolAnswer = {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Structured;
  _meta?: Record<string, { replayed?: boolean } | undefined>;
};

async function connect(url: string, token: string, name: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(transport);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  return (await client.callTool({ name, arguments: args })) as ToolAnswer;
}

async function callOk(client: Client, name: string, args: Record<string, unknown>): Promise<Structured> {
  const answer = await call(client, name, args);
  if (answer.isError || !answer.structuredContent) throw new Error(`${name} failed: ${answer.content?.[0]?.text}`);
  return answer.structuredContent;
}

const newKey = () => crypto.randomUUID();

// ---------------------------------------------------------------------------------------------
// Measurement

type HistorySize = {
  tables: Record<string, number>;
  total: number;
  /** Not history: the brief row, rewritten by every toggle (it holds no content: that lives in the versions). */
  briefTable: number;
  blobCount: number;
  blobJsonBytes: number;
  versionCount: number;
  receiptCount: number;
  itemCount: number;
};

async function measureHistory(db: BenchDatabase): Promise<HistorySize> {
  const sizes = HISTORY_TABLES.map((t) => `pg_total_relation_size('"${t}"')::float8 AS "${t}"`).join(", ");
  const [row] = await db.query<Record<string, number>>(
    `SELECT ${sizes}, pg_total_relation_size('"Brief"')::float8 AS "Brief",
       (SELECT count(*) FROM "ContentBlob")::float8 AS "blobCount",
       (SELECT coalesce(sum(octet_length(json)), 0) FROM "ContentBlob")::float8 AS "blobJsonBytes",
       (SELECT count(*) FROM "BriefVersion")::float8 AS "versionCount",
       (SELECT count(*) FROM "IdempotencyReceipt")::float8 AS "receiptCount",
       (SELECT count(*) FROM "BriefItem")::float8 AS "itemCount"`,
  );
  const tables = Object.fromEntries(HISTORY_TABLES.map((t) => [t, Number(row[t])]));
  return {
    tables,
    total: Object.values(tables).reduce((a, b) => a + b, 0),
    briefTable: Number(row.Brief),
    blobCount: Number(row.blobCount),
    blobJsonBytes: Number(row.blobJsonBytes),
    versionCount: Number(row.versionCount),
    receiptCount: Number(row.receiptCount),
    itemCount: Number(row.itemCount),
  };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "n/a");
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

// ---------------------------------------------------------------------------------------------
// CPU time (Linux /proc; bench/support/cpu-time.ts): on a shared machine the CPU a toggle costs is
// steadier than its latency

/** CPU ms per PostgreSQL backend serving the benchmark's database (same machine only). */
async function backendCpuMs(db: BenchDatabase): Promise<Map<number, number> | undefined> {
  if (db.kind !== "postgres" || !fs.existsSync("/proc/self/stat")) return undefined;
  const rows = await db.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
  const result = new Map<number, number>();
  for (const { pid } of rows) {
    const cpu = processCpuMs(pid);
    if (cpu !== undefined) result.set(pid, cpu);
  }
  return result;
}

function backendDelta(before: Map<number, number> | undefined, after: Map<number, number> | undefined): number | undefined {
  if (!before || !after || after.size === 0) return undefined;
  let total = 0;
  for (const [pid, cpu] of after) total += cpu - (before.get(pid) ?? 0);
  return total;
}

// ---------------------------------------------------------------------------------------------
// The load

type CallRecord = { client: number; row: number; latencyMs: number; ok: boolean; code?: string; changed?: boolean; replayed?: boolean };

/** Size of one successful toggle's result as the client receives it (content twice: text and structuredContent). */
let sampleResponseBytes: number | undefined;

type RowState = { text: string; checked: boolean; lastSet?: boolean; ambiguous: boolean; toggles: number };

async function runClient(
  index: number,
  client: Client,
  briefId: string,
  rows: RowState[],
  myRows: number[],
  deadline: number,
  records: CallRecord[],
): Promise<void> {
  let next = 0;
  while (performance.now() < deadline && !wasInterrupted()) {
    const r = myRows[next++ % myRows.length];
    const row = rows[r];
    const target = !row.checked;
    const args = { briefId, index: r, expectedText: row.text, checked: target, idempotencyKey: newKey() };
    // A transport failure leaves the outcome unknown: retry the same call with the same key, which
    // either runs it now or replays the stored result (docs/contract.md#idempotency). Every attempt is recorded.
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      let answer: ToolAnswer | undefined;
      let failure: string | undefined;
      try {
        answer = await call(client, "brief_checklist_update", args);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        failure = typeof code === "number" ? `HTTP_${code}` : `TRANSPORT_${(error as Error).name || "Error"}`;
      }
      const latencyMs = performance.now() - started;
      if (answer && !answer.isError) {
        const brief = answer.structuredContent!.brief!;
        const replayed = answer._meta?.["dev.briefs/idempotency"]?.replayed === true;
        records.push({ client: index, row: r, latencyMs, ok: true, changed: brief.createdNewVersion === true, replayed });
        sampleResponseBytes ??= Buffer.byteLength(JSON.stringify(answer));
        row.checked = target;
        row.lastSet = target;
        row.ambiguous = false;
        row.toggles++;
        break;
      }
      if (answer) {
        // A domain error: nothing changed (docs/contract.md#errors); the next round tries the row again with a new key.
        const code = String(answer.structuredContent?.error?.code ?? "UNKNOWN_ERROR");
        records.push({ client: index, row: r, latencyMs, ok: false, code });
        break;
      }
      records.push({ client: index, row: r, latencyMs, ok: false, code: failure });
      if (attempt >= MAX_ATTEMPTS_ON_TRANSPORT_ERROR) {
        row.ambiguous = true;
        return; // this client stops: its row's state is unknown
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const options = parseOptions();
  process.chdir(ROOT);
  requireBuild();

  const cpus = os.cpus();
  const machine = {
    cpu: `${cpus[0]?.model ?? "unknown"} × ${cpus.length}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAvgAtStart: os.loadavg().map((l) => l.toFixed(2)).join(" "),
  };

  console.log(`Database: ${options.db}. Creating the API token (before the server starts)…`);
  const { db, port, origin, url, env, token } = await prepareBenchApp({
    db: options.db,
    pgUrl: options.pgUrl,
    port: options.port,
    distDir: DIST_DIR,
    // The load comes from one token: measure the service, not the per-token limit.
    rateLimits: "mcp-token=off",
  });
  const databaseDescription = await db.describe();

  // --- set-up: one project, one brief of about 200 KB
  console.log(`Starting next start (${DIST_DIR}) on ${origin} for the set-up…`);
  let server = startBenchServer(port, env);
  let t0 = performance.now();
  await waitUntilMcpReady(server, url, token);
  console.log(`  ready in ${ms(performance.now() - t0)} ms`);
  const setupClient = await connect(url, token, "briefs-bench-setup");
  const tools = (await setupClient.listTools()).tools.map((t) => t.name);
  const project = (await callOk(setupClient, "project_create", { name: "Load benchmark", idempotencyKey: newKey() })).project!;
  const content = largeBriefContent(CHECKLIST_ROWS);
  const contentBytes = Buffer.byteLength(JSON.stringify(content));
  const createdResult = await callOk(setupClient, "brief_create", {
    projectId: project.id,
    title: "Checklist load benchmark",
    content,
    idempotencyKey: newKey(),
  });
  const created = { brief: createdResult.brief! };
  const briefId: string = created.brief.id;
  const storedBytes = Buffer.byteLength(JSON.stringify({ ...created.brief.content, checklist: undefined }));
  if (created.brief.versionNum !== 1) throw new Error(`brief_create returned versionNum ${created.brief.versionNum}, expected 1`);
  const checklist = created.brief.content.testingQaChecklist!;
  if (checklist?.length !== CHECKLIST_ROWS) throw new Error(`The created brief has ${checklist?.length} checklist rows, expected ${CHECKLIST_ROWS}`);
  await setupClient.close();
  console.log(`  brief ${briefId}: ${kb(contentBytes)} sent, ${kb(storedBytes)} stored (with attribution), ${CHECKLIST_ROWS} checklist rows; tools offered: ${tools.length}`);

  // --- the history before the load, measured the same way as after it: with the server stopped
  await server.stop();
  const before = await measureHistory(db);

  // --- the load
  console.log(`Starting next start again for the load…`);
  server = startBenchServer(port, env);
  t0 = performance.now();
  await waitUntilMcpReady(server, url, token);
  console.log(`  ready in ${ms(performance.now() - t0)} ms`);

  const rows: RowState[] = checklist.map((item) => ({ text: item.text, checked: item.checked, ambiguous: false, toggles: 0 }));
  const clients = await Promise.all(Array.from({ length: options.clients }, (_, i) => connect(url, token, `briefs-bench-${i}`)));
  // Warm-up that changes nothing: reads, and toggles whose expectedText is wrong (rejected before any write).
  await Promise.all(
    clients.map(async (client, i) => {
      await callOk(client, "brief_get_full", { briefId });
      for (let k = 0; k < WARMUP_CALLS_PER_CLIENT; k++) {
        const answer = await call(client, "brief_checklist_update", {
          briefId,
          index: i % CHECKLIST_ROWS,
          expectedText: "warm-up: not the row's text",
          checked: true,
          idempotencyKey: newKey(),
        });
        if (answer.structuredContent?.error?.code !== "BRIEF_VERSION_CONFLICT") throw new Error(`Unexpected warm-up answer: ${answer.content?.[0]?.text?.slice(0, 500)}`);
      }
    }),
  );

  console.log(`Running ${options.clients} clients for ${options.seconds} s…`);
  const records: CallRecord[] = [];
  const serverCpuBefore = groupCpuMs(server.child.pid!);
  const backendsBefore = await backendCpuMs(db);
  const benchCpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    clients.map((client, i) => {
      const myRows = rows.map((_, r) => r).filter((r) => r % options.clients === i);
      return runClient(i, client, briefId, rows, myRows, deadline, records);
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const serverCpuAfter = groupCpuMs(server.child.pid!);
  const backendsAfter = await backendCpuMs(db);
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const loadAvgAfter = os.loadavg().map((l) => l.toFixed(2)).join(" ");

  // --- lost-update checks, over MCP while the server runs
  const checker = clients[0];
  const full = await callOk(checker, "brief_get_full", { briefId });
  const finalVersion: number = full.brief!.versionNum;
  const finalRows = full.brief!.content.testingQaChecklist;
  const listed: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: Structured = await callOk(checker, "brief_collection_list", { briefId, collection: "versions", limit: 200, ...(cursor && { cursor }) });
    listed.push(...(page.items ?? []).map((item) => item.versionNum));
    cursor = page.nextCursor ?? null;
    pages++;
  } while (cursor);
  await Promise.all(clients.map((c) => c.close().catch(() => {})));

  const successes = records.filter((r) => r.ok);
  const changed = successes.filter((r) => r.changed).length;
  const replays = successes.filter((r) => r.replayed).length;
  const errors = new Map<string, number>();
  for (const r of records) if (!r.ok) errors.set(r.code!, (errors.get(r.code!) ?? 0) + 1);

  const versionCheck = finalVersion === 1 + changed;
  const rowProblems = rows.flatMap((row, r) => {
    if (row.ambiguous) return [`row ${r}: outcome of its last call unknown`];
    const expected = row.lastSet ?? false;
    const actual = finalRows?.[r]?.checked;
    return actual === expected ? [] : [`row ${r}: ${actual}, expected ${expected}`];
  });
  const rowsCheck = rowProblems.length === 0 && finalRows?.length === CHECKLIST_ROWS;
  const counts = new Map<number, number>();
  for (const n of listed) counts.set(n, (counts.get(n) ?? 0) + 1);
  const missing: number[] = [];
  for (let n = 1; n <= finalVersion; n++) if (counts.get(n) !== 1) missing.push(n);
  const extra = [...counts.keys()].filter((n) => n < 1 || n > finalVersion);
  const versionsCheck = missing.length === 0 && extra.length === 0 && listed.length === finalVersion;

  // --- the history after the load, with the server stopped
  await server.stop();
  const after = await measureHistory(db);

  // --- report
  const latencies = successes.map((r) => r.latencyMs).sort((a, b) => a - b);
  const allLatencies = records.map((r) => r.latencyMs).sort((a, b) => a - b);
  const toggles = successes.length;
  const perToggle = (n: number) => (toggles ? n / toggles : NaN);
  const growth = after.total - before.total;
  const blobBytes = after.blobJsonBytes - before.blobJsonBytes;
  const pass = (ok: boolean) => (ok ? "PASS" : "FAIL");
  const serverCpuMs = serverCpuBefore !== undefined && serverCpuAfter !== undefined ? serverCpuAfter - serverCpuBefore : undefined;
  const pgCpuMs = backendDelta(backendsBefore, backendsAfter);
  const benchCpuMs = (benchCpu.user + benchCpu.system) / 1000;
  const cpuShare = (((serverCpuMs ?? 0) + (pgCpuMs ?? 0) + benchCpuMs) / 1000 / elapsedS).toFixed(2);
  const cpuPerToggle = (n: number | undefined) => (n === undefined || !toggles ? "n/a" : `${(n / toggles).toFixed(1)} ms`);

  const lines = [
    "",
    "== Machine",
    `CPU:       ${machine.cpu}`,
    `Memory:    ${machine.memory}`,
    `Node:      ${machine.node} (${machine.os})`,
    `Database:  ${options.db}: ${databaseDescription}`,
    `Load avg:  ${machine.loadAvgAtStart} at start, ${loadAvgAfter} after the run (1/5/15 min)`,
    "",
    "== Workload",
    `Brief:     ${kb(storedBytes)} content (${kb(contentBytes)} sent), ${CHECKLIST_ROWS} checklist rows; one toggle's MCP result: ${sampleResponseBytes === undefined ? "n/a" : kb(sampleResponseBytes)}`,
    `Clients:   ${options.clients}, each toggling rows r % ${options.clients} == i, alternating true/false, no ifVersionNum`,
    `Duration:  ${elapsedS.toFixed(2)} s (asked ${options.seconds} s; calls in flight at the deadline finish)${wasInterrupted() ? " — INTERRUPTED" : ""}`,
    "",
    "== Results",
    `Calls:              ${records.length}`,
    `Successful toggles: ${toggles} (${changed} changed content, ${replays} replays)`,
    `Throughput:         ${(toggles / elapsedS).toFixed(1)} ops/s`,
    `Latency (ok calls): p50 ${ms(percentile(latencies, 50))} ms, p95 ${ms(percentile(latencies, 95))} ms, p99 ${ms(percentile(latencies, 99))} ms, max ${ms(latencies.at(-1) ?? NaN)} ms`,
    `Latency (all):      p50 ${ms(percentile(allLatencies, 50))} ms, p95 ${ms(percentile(allLatencies, 95))} ms, p99 ${ms(percentile(allLatencies, 99))} ms`,
    `CPU per toggle:     app server ${cpuPerToggle(serverCpuMs)}${db.kind === "postgres" ? `, PostgreSQL backends ${cpuPerToggle(pgCpuMs)}` : " (PGlite included)"}, benchmark clients ${cpuPerToggle(benchCpuMs)}; together ${cpuShare} CPUs busy of ${cpus.length}`,
    `Errors:             ${errors.size ? [...errors].map(([code, n]) => `${code} × ${n}`).join(", ") : "none"}`,
    "",
    "== Lost-update check",
    `${pass(versionCheck)}  versionNum ${finalVersion} = 1 + ${changed} content-changing toggles`,
    `${pass(rowsCheck)}  every row's final checked value is the last value its client set${rowProblems.length ? ` (${rowProblems.slice(0, 5).join("; ")}${rowProblems.length > 5 ? "; …" : ""})` : ""}`,
    `${pass(versionsCheck)}  versions collection (${pages} page(s) of ≤200) lists 1..${finalVersion} each exactly once (${listed.length} items${missing.length ? `, wrong: ${missing.slice(0, 10).join(",")}` : ""}${extra.length ? `, out of range: ${extra.slice(0, 10).join(",")}` : ""})`,
    "",
    "== Database growth (server stopped; before = right after the brief was created)",
    `History tables:     ${HISTORY_TABLES.map((t) => `${t} +${kb(after.tables[t] - before.tables[t])}`).join(", ")}`,
    `History total:      +${kb(growth)} for ${toggles} toggles = ${(perToggle(growth) / 1024).toFixed(2)} KiB per toggle`,
    `Content blobs:      +${after.blobCount - before.blobCount} rows, +${kb(blobBytes)} of JSON text = ${(perToggle(blobBytes) / 1024).toFixed(2)} KiB per toggle`,
    `Rows added:         BriefVersion +${after.versionCount - before.versionCount}, IdempotencyReceipt +${after.receiptCount - before.receiptCount}, BriefItem +${after.itemCount - before.itemCount}`,
    `(Not history: the "Brief" table, whose row holding the current content is rewritten by every toggle: ${kb(before.briefTable)} → ${kb(after.briefTable)}, ${(perToggle(after.briefTable - before.briefTable) / 1024).toFixed(2)} KiB per toggle until VACUUM reclaims the old row versions)`,
    "",
  ];
  console.log(lines.join("\n"));

  const summary = {
    db: options.db,
    database: databaseDescription,
    machine: { ...machine, loadAvgAfter },
    clients: options.clients,
    seconds: Number(elapsedS.toFixed(2)),
    briefBytes: storedBytes,
    toggleResultBytes: sampleResponseBytes ?? null,
    calls: records.length,
    toggles,
    changed,
    opsPerSecond: Number((toggles / elapsedS).toFixed(1)),
    latencyMs: { p50: round1(percentile(latencies, 50)), p95: round1(percentile(latencies, 95)), p99: round1(percentile(latencies, 99)), max: round1(latencies.at(-1) ?? NaN) },
    errors: Object.fromEntries(errors),
    cpuMsPerToggle: {
      server: serverCpuMs === undefined ? null : round1(serverCpuMs / toggles),
      postgres: pgCpuMs === undefined ? null : round1(pgCpuMs / toggles),
      clients: round1(benchCpuMs / toggles),
    },
    checks: { versionNum: versionCheck, rows: rowsCheck, versionsCollection: versionsCheck },
    growth: {
      historyBytesPerToggle: Math.round(perToggle(growth)),
      blobJsonBytesPerToggle: Math.round(perToggle(blobBytes)),
      briefTableBytesPerToggle: Math.round(perToggle(after.briefTable - before.briefTable)),
      tables: Object.fromEntries(HISTORY_TABLES.map((t) => [t, after.tables[t] - before.tables[t]])),
    },
  };
  console.log(`RESULT_JSON ${JSON.stringify(summary)}`);
  return versionCheck && rowsCheck && versionsCheck ? 0 : 1;
}

function round1(n: number): number {
  return Number.isFinite(n) ? Math.round(n * 10) / 10 : NaN;
}

runBench(main);
