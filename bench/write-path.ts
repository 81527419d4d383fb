/**
 * The write path against the cost of the database: `brief_checklist_update` through `/api/mcp` (the
 * production build under `next start`) side by side with two floors — the same toggle written by hand
 * against the driver, one statement per round trip (bench/support/floor-toggle.ts), and the least a
 * correct toggle costs, pipelined as the app pipelines (bench/support/lean-floor-toggle.ts) — on the
 * same database, in one run, interleaved.
 *
 *   npx tsx bench/build.ts                       # after every code change (builds into .next-bench)
 *   npx tsx bench/write-path.ts                  # PostgreSQL at postgresql://postgres@127.0.0.1:5432/postgres
 *   npx tsx bench/write-path.ts --db pglite      # the embedded database; the floor runs on a copy of it
 *
 * Options: --pg-url <url>, --port <n>, --samples <one-client pairs, 300>, --large-samples <60>,
 * --clients <32>, --seconds <per throughput phase, 4>. docs/benchmarks.md explains the output.
 * Not part of `npm test`. Exit code 0 when every consistency check passes.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import canonicalize from "canonicalize";
import pg from "pg";
import { waitUntilMcpReady, type AppServer } from "../tests/support/app-server";
import type { BenchDatabase } from "./support/bench-database";
import { groupCpuMs, processCpuMs, selfCpuMs } from "./support/cpu-time";
import { largeBriefContent, smallBriefContent } from "./support/brief-contents";
import { floorToggle, type FloorActor, type FloorSql, type FloorTransaction } from "./support/floor-toggle";
import { leanFloorToggle, pipelined, type LeanSession } from "./support/lean-floor-toggle";
import { mcpCaller, type McpCaller } from "./support/mcp-http";
import { BENCH_EMAIL, BENCH_TOKEN_NAME, prepareBenchApp } from "./support/prepare-bench-app";
import { onCleanup, runBench, startBenchServer, wasInterrupted } from "./support/run-bench";

const ROOT = path.resolve(__dirname, "..");
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";
const LARGE_ROWS = 50;
const GROWTH_TOGGLES = 60;

// ---------------------------------------------------------------------------------------------
// Options

const { values } = parseArgs({
  strict: true,
  options: {
    db: { type: "string", default: "postgres" },
    "pg-url": { type: "string", default: "postgresql://postgres@127.0.0.1:5432/postgres" },
    port: { type: "string" },
    samples: { type: "string", default: "300" },
    "large-samples": { type: "string", default: "60" },
    clients: { type: "string", default: "32" },
    seconds: { type: "string", default: "4" },
  },
});
const options = {
  db: values.db as "postgres" | "pglite",
  pgUrl: values["pg-url"]!,
  port: values.port ? Number(values.port) : undefined,
  samples: Number(values.samples),
  largeSamples: Number(values["large-samples"]),
  clients: Number(values.clients),
  seconds: Number(values.seconds),
};
if (options.db !== "postgres" && options.db !== "pglite") throw new Error("--db must be postgres or pglite");

// ---------------------------------------------------------------------------------------------
// Statistics

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "n/a");
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : "n/a");
const newKey = () => crypto.randomUUID();

/** GET /api/health over one kept-alive connection, as the MCP callers talk to the door. */
function readinessProbe(origin: string): { get(): Promise<void>; close(): void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    get: () =>
      new Promise((resolve, reject) => {
        http
          .get(`${origin}/api/health`, { agent }, (response) => {
            response.resume();
            response.on("end", () => (response.statusCode === 200 ? resolve() : reject(new Error(`/api/health answered ${response.statusCode}`))));
          })
          .on("error", reject);
      }),
    close: () => agent.destroy(),
  };
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

// ---------------------------------------------------------------------------------------------
// Briefs and toggles, door and floor alike

type Row = { text: string; checked: boolean };
type TrackedBrief = { id: string; rows: Row[]; next: number; changes: number; startVersion: number };

function track(brief: { id: string; versionNum: number; content: { testingQaChecklist?: Row[] } }): TrackedBrief {
  const rows = (brief.content.testingQaChecklist ?? []).map((r) => ({ text: r.text, checked: r.checked }));
  return { id: brief.id, rows, next: 0, changes: 0, startVersion: brief.versionNum };
}

/** The next toggle of a brief: rows round-robin, each set to the opposite of its value. */
function nextToggle(brief: TrackedBrief) {
  const index = brief.next++ % brief.rows.length;
  const row = brief.rows[index];
  return { index, args: { briefId: brief.id, index, expectedText: row.text, checked: !row.checked, idempotencyKey: newKey() } };
}

function applied(brief: TrackedBrief, index: number, createdNewVersion: boolean): void {
  brief.rows[index].checked = !brief.rows[index].checked;
  if (createdNewVersion) brief.changes++;
  else throw new Error(`a toggle of ${brief.id} changed nothing`);
}

async function doorToggle(client: McpCaller, brief: TrackedBrief): Promise<void> {
  const { index, args } = nextToggle(brief);
  const result = await client.ok("brief_checklist_update", args);
  applied(brief, index, result.brief.createdNewVersion === true);
}

async function floorToggleOf(transaction: FloorTransaction, actor: FloorActor, brief: TrackedBrief): Promise<void> {
  const { index, args } = nextToggle(brief);
  const json = await floorToggle(transaction, actor, args);
  applied(brief, index, (JSON.parse(json) as { brief: { createdNewVersion: boolean } }).brief.createdNewVersion);
}

async function leanToggleOf(lean: LeanRunner, actor: FloorActor, brief: TrackedBrief): Promise<void> {
  const { index, args } = nextToggle(brief);
  const json = await lean((session) => leanFloorToggle(session, actor, args));
  applied(brief, index, (JSON.parse(json) as { brief: { createdNewVersion: boolean } }).brief.createdNewVersion);
}

// ---------------------------------------------------------------------------------------------
// The floor's connections

/** Runs one lean toggle on a client's session (on PGlite, one toggle at a time: one connection). */
type LeanRunner = <T>(fn: (session: LeanSession) => Promise<T>) => Promise<T>;

type Floor = {
  /** One transaction runner per client. */
  transactions: FloorTransaction[];
  /** The lean floor's runner per client: its own pipelined connection on PostgreSQL. */
  lean: LeanRunner[];
  query: FloorSql["query"];
  close(): Promise<void>;
};

async function openFloor(db: BenchDatabase, clients: number, pgliteCopy?: string): Promise<Floor> {
  if (db.kind === "postgres") {
    const connections = await Promise.all(
      Array.from({ length: clients }, async () => {
        const client = new pg.Client({ connectionString: db.location });
        await client.connect();
        return client;
      }),
    );
    const leanConnections = await Promise.all(
      Array.from({ length: clients }, async () => {
        const client = new pg.Client({ connectionString: db.location, pipeline: true } as pg.ClientConfig);
        await client.connect();
        return client;
      }),
    );
    const lean = leanConnections.map((client): LeanRunner => (fn) => fn({ batch: (statements) => pipelined(async (text, params) => (await client.query(text, params)).rows, statements) }));
    const transactions = connections.map((client): FloorTransaction => async (fn) => {
      await client.query("BEGIN");
      try {
        const result = await fn({ query: async (text, params) => (await client.query(text, params)).rows });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    });
    return {
      transactions,
      lean,
      query: async (text, params) => (await connections[0].query(text, params)).rows,
      close: async () => void (await Promise.all([...connections, ...leanConnections].map((c) => c.end()))),
    };
  }
  const pglite = await PGlite.create(path.join(pgliteCopy!, "pgdata"));
  const transaction: FloorTransaction = (fn) =>
    pglite.transaction((tx) => fn({ query: async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows }));
  // One connection: a lean toggle's statements go one after another, and toggles take turns.
  let turn: Promise<unknown> = Promise.resolve();
  const session: LeanSession = {
    batch: async (statements) => {
      const answers = [];
      for (const [text, params] of statements) answers.push((await pglite.query<Record<string, unknown>>(text, params)).rows);
      return answers;
    },
  };
  const leanRunner: LeanRunner = (fn) => {
    const run = turn.then(() => fn(session));
    turn = run.catch(() => {});
    return run;
  };
  return {
    transactions: Array.from({ length: clients }, () => transaction),
    lean: Array.from({ length: clients }, () => leanRunner),
    query: async (text, params) => (await pglite.query<Record<string, unknown>>(text, params)).rows,
    close: () => pglite.close(),
  };
}

// ---------------------------------------------------------------------------------------------
// Growth (PostgreSQL)

// Every table a toggle could write: BriefSearch (a toggle leaves the search text as it is),
// RateLimit and ApiToken (the door counts each request and notes the token's use; the floor does neither).
const GROWTH_TABLES = ["ContentBlob", "BriefVersion", "IdempotencyReceipt", "OutboxEvent", "BriefItem", "Approval", "Brief", "BriefSearch", "RateLimit", "ApiToken"] as const;

async function relationSizes(query: FloorSql["query"]): Promise<Record<string, number>> {
  const [row] = await query(`SELECT ${GROWTH_TABLES.map((t) => `pg_total_relation_size('"${t}"')::float8 AS "${t}"`).join(", ")}`);
  return Object.fromEntries(GROWTH_TABLES.map((t) => [t, Number(row[t])]));
}

/** The bytes of the rows a batch of toggles of one brief added: its section blobs, version rows and receipts. */
async function newRowBytes(query: FloorSql["query"], briefId: string, fromVersion: number, since: Date) {
  const [row] = await query(
    `SELECT
       (SELECT coalesce(sum(pg_column_size(c.*)), 0) FROM "ContentBlob" c WHERE c."createdAt" >= $3)::float8 AS blobs,
       (SELECT coalesce(sum(pg_column_size(v.*)), 0) FROM "BriefVersion" v WHERE v."briefId" = $1 AND v."versionNum" > $2)::float8 AS versions,
       (SELECT coalesce(sum(pg_column_size(r.*)), 0) FROM "IdempotencyReceipt" r WHERE r."createdAt" >= $3)::float8 AS receipts`,
    [briefId, fromVersion, since.toISOString()],
  );
  return { blobs: Number(row.blobs), versions: Number(row.versions), receipts: Number(row.receipts) };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  process.chdir(ROOT);
  if (!fs.existsSync(path.join(ROOT, DIST_DIR, "BUILD_ID"))) {
    console.error(`No production build in ${DIST_DIR}/. Build it first: npx tsx bench/build.ts`);
    return 2;
  }
  const loadAtStart = os.loadavg().map((l) => l.toFixed(2)).join(" ");
  const { db, port, origin, url, env, token } = await prepareBenchApp({
    db: options.db,
    pgUrl: options.pgUrl,
    port: options.port,
    distDir: DIST_DIR,
    // The per-token limit stays in force, counted as in production, only high enough for the load phases.
    rateLimits: "mcp-token=10000000/1m",
  });
  const label = `${BENCH_EMAIL} via ${BENCH_TOKEN_NAME}`;

  let server: AppServer = startBenchServer(port, env);
  await waitUntilMcpReady(server, url, token);

  // --- set-up over MCP: the briefs of the door and, in the same database, those of the floor
  const setup = mcpCaller(url, token);
  const projectId: string = (await setup.ok("project_create", { name: "Write path benchmark", idempotencyKey: newKey() })).project.id;
  const create = async (title: string, content: Record<string, unknown>) =>
    (await setup.ok("brief_create", { projectId, title, content, idempotencyKey: newKey() })).brief;
  const doorSmall: TrackedBrief[] = [];
  const floorSmall: TrackedBrief[] = [];
  const leanSmall: TrackedBrief[] = [];
  for (let i = 0; i < options.clients; i++) {
    doorSmall.push(track(await create(`door ${i}`, smallBriefContent(`door ${i}`))));
    floorSmall.push(track(await create(`floor ${i}`, smallBriefContent(`floor ${i}`))));
    leanSmall.push(track(await create(`lean ${i}`, smallBriefContent(`lean ${i}`))));
  }
  const smallBytes = Buffer.byteLength(JSON.stringify(omitMirror((await setup.ok("brief_get_full", { briefId: doorSmall[0].id })).brief.content)));
  const doorLarge = track(await create("door large", largeBriefContent(LARGE_ROWS)));
  const floorLarge = track(await create("floor large", largeBriefContent(LARGE_ROWS)));
  const leanLarge = track(await create("lean large", largeBriefContent(LARGE_ROWS)));
  const largeBytes = Buffer.byteLength(JSON.stringify(omitMirror((await setup.ok("brief_get_full", { briefId: doorLarge.id })).brief.content)));
  // For the other write tools: a brief in review (approve, transition) and one to edit and comment on.
  const reviewed = await create("review", smallBriefContent("review"));
  await setup.ok("brief_transition", { briefId: reviewed.id, to: "in_review", idempotencyKey: newKey() });
  const edited = track(await create("edited", smallBriefContent("edited")));
  setup.close();

  let floorCopy: string | undefined;
  if (db.kind === "pglite") {
    // One process per embedded data folder: the floor gets a copy of it, made while the app is stopped.
    await server.stop();
    floorCopy = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-bench-floor-"));
    fs.cpSync(db.location, floorCopy, { recursive: true });
    fs.rmSync(path.join(floorCopy, ".lock"), { force: true });
    onCleanup("remove the floor's copy", () => fs.rmSync(floorCopy!, { recursive: true, force: true }));
    server = startBenchServer(port, env);
    await waitUntilMcpReady(server, url, token);
  }
  const floor = await openFloor(db, options.clients, floorCopy);
  onCleanup("close the floor's connections", () => floor.close());
  const [user] = await floor.query(`SELECT id FROM "User" WHERE email = $1`, [BENCH_EMAIL]);
  const actor: FloorActor = { userId: user.id as string, label };

  const clients = Array.from({ length: options.clients }, () => mcpCaller(url, token));
  onCleanup("close the clients", () => clients.forEach((c) => c.close()));
  const door = clients[0];

  // --- warm-up (both sides, a few of every call measured later)
  console.log(`Warming up…`);
  for (let i = 0; i < 40; i++) {
    await doorToggle(door, doorSmall[0]);
    await floorToggleOf(floor.transactions[0], actor, floorSmall[0]);
    await leanToggleOf(floor.lean[0], actor, leanSmall[0]);
  }
  for (let i = 0; i < 4; i++) {
    await doorToggle(door, doorLarge);
    await floorToggleOf(floor.transactions[0], actor, floorLarge);
    await leanToggleOf(floor.lean[0], actor, leanLarge);
  }
  const pingMs: number[] = [];
  const healthMs: number[] = [];
  // The framework's own cost per request, for scale: the readiness route answers one `SELECT 1`.
  const health = readinessProbe(origin);
  onCleanup("close the readiness probe", () => health.close());
  for (let i = 0; i < 20; i++) await door.ping();
  for (let i = 0; i < 20; i++) await health.get();

  // --- one client, small brief: door and floor alternate call by call
  console.log(`One client, 7 KB brief: ${options.samples} door/floor/lean floor triples…`);
  const small = { door: [] as number[], floor: [] as number[], lean: [] as number[] };
  for (let i = 0; i < options.samples && !wasInterrupted(); i++) {
    const [a] = await timed(() => doorToggle(door, doorSmall[0]));
    const [b] = await timed(() => floorToggleOf(floor.transactions[0], actor, floorSmall[0]));
    const [c] = await timed(() => leanToggleOf(floor.lean[0], actor, leanSmall[0]));
    small.door.push(a);
    small.floor.push(b);
    small.lean.push(c);
    if (i % 10 === 0) pingMs.push((await timed(() => door.ping()))[0]);
    if (i % 10 === 5) healthMs.push((await timed(() => health.get()))[0]);
  }

  // --- the other write tools, each alternating with a toggle
  console.log(`Other write tools, one client…`);
  const tools: Record<string, number[]> = { brief_checklist_update: [], brief_update: [], brief_transition: [], brief_approve: [], brief_collection_append: [] };
  const editedContent = smallBriefContent("edited");
  const rounds = Math.max(20, Math.floor(options.samples / 3));
  for (let i = 0; i < rounds && !wasInterrupted(); i++) {
    tools.brief_checklist_update.push((await timed(() => doorToggle(door, doorSmall[1 % doorSmall.length])))[0]);
    // a requirement edited: a new version (and an approval to stale)
    const content = { ...editedContent, requirements: [...(editedContent.requirements as string[]).slice(0, 9), `Edited requirement ${i}`] };
    tools.brief_update.push((await timed(() => door.ok("brief_update", { briefId: edited.id, content, idempotencyKey: newKey() })))[0]);
    tools.brief_collection_append.push(
      (await timed(() => door.ok("brief_collection_append", { briefId: edited.id, collection: "comments", item: { body: `Comment ${i}` }, idempotencyKey: newKey() })))[0],
    );
    // back to drafting and into review again: closes and opens a review session
    tools.brief_transition.push((await timed(() => door.ok("brief_transition", { briefId: reviewed.id, to: "drafting", idempotencyKey: newKey() })))[0]);
    tools.brief_transition.push((await timed(() => door.ok("brief_transition", { briefId: reviewed.id, to: "in_review", idempotencyKey: newKey() })))[0]);
    // an edit stales the approval, so each approve creates a new one
    const reviewedContent = smallBriefContent("review");
    await door.ok("brief_update", { briefId: reviewed.id, content: { ...reviewedContent, requirements: [...(reviewedContent.requirements as string[]).slice(0, 9), `Reviewed ${i}`] }, idempotencyKey: newKey() });
    tools.brief_approve.push((await timed(() => door.ok("brief_approve", { briefId: reviewed.id, idempotencyKey: newKey() })))[0]);
  }

  // --- many clients on as many briefs: throughput, door and floor in alternating phases
  console.log(`${options.clients} clients on ${options.clients} briefs: 3 × (${options.seconds} s door, ${options.seconds} s floor, ${options.seconds} s lean floor), the first a warm-up…`);
  type Side = "door" | "floor" | "lean";
  const sides: Side[] = ["door", "floor", "lean"];
  const throughput = { door: [] as number[], floor: [] as number[], lean: [] as number[] };
  const manyLatency = { door: [] as number[], floor: [] as number[], lean: [] as number[] };
  // CPU ms spent per toggle in the many-clients phases: app process group, PostgreSQL backends, benchmark process.
  const cpu = { door: { app: 0, db: 0, bench: 0, toggles: 0 }, floor: { app: 0, db: 0, bench: 0, toggles: 0 }, lean: { app: 0, db: 0, bench: 0, toggles: 0 } };
  const backendsCpu = async () => {
    if (db.kind !== "postgres") return 0;
    const rows = await floor.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
    return rows.reduce((total, row) => total + (processCpuMs(Number(row.pid)) ?? 0), 0);
  };
  const toggleOf: Record<Side, (i: number) => Promise<void>> = {
    door: (i) => doorToggle(clients[i], doorSmall[i]),
    floor: (i) => floorToggleOf(floor.transactions[i], actor, floorSmall[i]),
    lean: (i) => leanToggleOf(floor.lean[i], actor, leanSmall[i]),
  };
  const phase = async (side: Side) => {
    const deadline = performance.now() + options.seconds * 1000;
    let count = 0;
    const cpuBefore = { app: groupCpuMs(server.child.pid!) ?? 0, db: await backendsCpu(), bench: selfCpuMs() };
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.clients }, async (_, i) => {
        while (performance.now() < deadline && !wasInterrupted()) {
          const [ms] = await timed(() => toggleOf[side](i));
          manyLatency[side].push(ms);
          count++;
        }
      }),
    );
    throughput[side].push(count / ((performance.now() - started) / 1000));
    cpu[side].app += (groupCpuMs(server.child.pid!) ?? 0) - cpuBefore.app;
    cpu[side].db += (await backendsCpu()) - cpuBefore.db;
    cpu[side].bench += selfCpuMs() - cpuBefore.bench;
    cpu[side].toggles += count;
  };
  // A first round of both phases, unmeasured: the app's pool opens its connections (the floor's are
  // open already), and its code and heap settle under 32 requests at once. In runs without it, the
  // first door phase came out 10–15 % below the second, the floor's phases alike.
  for (const side of sides) await phase(side);
  for (const side of sides) {
    throughput[side].length = manyLatency[side].length = 0;
    Object.assign(cpu[side], { app: 0, db: 0, bench: 0, toggles: 0 });
  }
  for (let round = 0; round < 2 && !wasInterrupted(); round++) {
    for (const side of sides) await phase(side);
  }

  // --- the large brief: one client, alternating
  console.log(`One client, ${Math.round(largeBytes / 1024)} KiB brief: ${options.largeSamples} door/floor/lean floor triples…`);
  const large = { door: [] as number[], floor: [] as number[], lean: [] as number[] };
  let largeResultBytes = 0;
  for (let i = 0; i < options.largeSamples && !wasInterrupted(); i++) {
    const [a] = await timed(() => doorToggle(door, doorLarge));
    largeResultBytes = door.lastResponseBytes();
    const [b] = await timed(() => floorToggleOf(floor.transactions[0], actor, floorLarge));
    const [c] = await timed(() => leanToggleOf(floor.lean[0], actor, leanLarge));
    large.door.push(a);
    large.floor.push(b);
    large.lean.push(c);
  }

  // --- the same one-client toggles with the answer compressed, as fetch-based MCP clients ask for it
  // (Node's fetch sends "gzip, deflate" over http and "br, gzip, deflate" over https): the door then
  // also compresses every answer, with gzip or brotli.
  const encodings = { gzip: "gzip, deflate", br: "br, gzip, deflate" } as const;
  type Compressed = Record<"small" | "large", { door: number[]; floor: number[]; bytes: number }>;
  const zipped = {} as Record<keyof typeof encodings, Compressed>;
  for (const [encoding, acceptEncoding] of Object.entries(encodings) as [keyof typeof encodings, string][]) {
    console.log(`Answers compressed (Accept-Encoding: ${acceptEncoding}), one client…`);
    const zipper = mcpCaller(url, token, { acceptEncoding });
    onCleanup("close the compressing client", () => zipper.close());
    const phase: Compressed = (zipped[encoding] = { small: { door: [], floor: [], bytes: 0 }, large: { door: [], floor: [], bytes: 0 } });
    for (const [size, brief, floorBrief, samples] of [
      ["small", doorSmall[0], floorSmall[0], Math.max(20, Math.floor(options.samples / 3))],
      ["large", doorLarge, floorLarge, Math.max(10, Math.floor(options.largeSamples / 2))],
    ] as const) {
      for (let i = 0; i < samples && !wasInterrupted(); i++) {
        const [a] = await timed(() => doorToggle(zipper, brief));
        phase[size].bytes = zipper.lastResponseBytes();
        const [b] = await timed(() => floorToggleOf(floor.transactions[0], actor, floorBrief));
        phase[size].door.push(a);
        phase[size].floor.push(b);
      }
    }
  }

  // --- the app's CPU per request, one call at a time: what one request costs the app process, read
  // from the figures on any machine (on PGlite the database runs inside the app and is included).
  // No floor calls in between, so the app's process group spends its CPU on these requests alone.
  console.log(`App CPU per request, one client…`);
  const appCpu = {} as Record<AppCpuCase, number>;
  const gzipped = mcpCaller(url, token, { acceptEncoding: encodings.gzip });
  onCleanup("close the gzip client", () => gzipped.close());
  const cpuCases: [AppCpuCase, () => Promise<void>, number][] = [
    ["ping", () => door.ping(), options.samples],
    ["small", () => doorToggle(door, doorSmall[0]), Math.max(50, Math.floor(options.samples / 2))],
    ["smallGzip", () => doorToggle(gzipped, doorSmall[0]), Math.max(50, Math.floor(options.samples / 2))],
    ["large", () => doorToggle(door, doorLarge), Math.max(20, options.largeSamples)],
    ["largeGzip", () => doorToggle(gzipped, doorLarge), Math.max(20, options.largeSamples)],
  ];
  for (const [name, call, count] of cpuCases) {
    if (wasInterrupted()) break;
    const before = groupCpuMs(server.child.pid!) ?? NaN;
    for (let i = 0; i < count; i++) await call();
    appCpu[name] = ((groupCpuMs(server.child.pid!) ?? NaN) - before) / count;
  }

  // --- growth per toggle of the large brief (PostgreSQL: sizes read while the app runs)
  let growth: Record<"door" | "floor", { tables: Record<string, number>; rows: { blobs: number; versions: number; receipts: number } }> | undefined;
  if (db.kind === "postgres" && !wasInterrupted()) {
    console.log(`Growth: ${GROWTH_TOGGLES} toggles of the large brief on each side…`);
    const measure = async (side: "door" | "floor", brief: TrackedBrief) => {
      await floor.query("CHECKPOINT").catch(() => {});
      const before = await relationSizes(floor.query);
      const fromVersion = brief.startVersion + brief.changes;
      const since = new Date(Date.now() - 1);
      for (let i = 0; i < GROWTH_TOGGLES; i++) {
        if (side === "door") await doorToggle(door, brief);
        else await floorToggleOf(floor.transactions[0], actor, brief);
      }
      const after = await relationSizes(floor.query);
      const rows = await newRowBytes(floor.query, brief.id, fromVersion, since);
      return {
        tables: Object.fromEntries(GROWTH_TABLES.map((t) => [t, (after[t] - before[t]) / GROWTH_TOGGLES])),
        rows: { blobs: rows.blobs / GROWTH_TOGGLES, versions: rows.versions / GROWTH_TOGGLES, receipts: rows.receipts / GROWTH_TOGGLES },
      };
    };
    growth = { door: await measure("door", doorLarge), floor: await measure("floor", floorLarge) };
  }

  // --- consistency: the door reads what both sides wrote (PostgreSQL: the same database)
  const checks: string[] = [];
  const reader = mcpCaller(url, token);
  const readable = db.kind === "postgres" ? [...doorSmall, ...floorSmall, ...leanSmall, doorLarge, floorLarge, leanLarge] : [...doorSmall, doorLarge];
  for (const brief of readable) {
    const full = (await reader.ok("brief_get_full", { briefId: brief.id })).brief;
    const expected = brief.startVersion + brief.changes;
    const rowsOk = brief.rows.every((r, i) => full.content.testingQaChecklist[i].checked === r.checked);
    const hashOk = full.currentVersionHash === `sha256:${crypto.createHash("sha256").update(canonicalize(omitMirror(full.content))!).digest("hex")}`;
    if (full.versionNum !== expected || !rowsOk || !hashOk) checks.push(`${brief.id}: versionNum ${full.versionNum} (expected ${expected}), rows ${rowsOk ? "ok" : "WRONG"}, hash ${hashOk ? "ok" : "WRONG"}`);
  }
  reader.close();
  const loadAtEnd = os.loadavg().map((l) => l.toFixed(2)).join(" ");

  // --- report
  const p50 = (xs: number[]) => percentile(xs, 50);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const lines = [
    "",
    `== ${options.db === "postgres" ? "PostgreSQL" : "PGlite"}: ${await db.describe()}`,
    `Machine: ${os.cpus()[0]?.model} × ${os.cpus().length}, Node ${process.version}; load average ${loadAtStart} at start, ${loadAtEnd} at the end`,
    `Briefs: ${(smallBytes / 1024).toFixed(1)} KiB (goal, scope, 10 requirements, 8 acceptance criteria, 20 QA rows) and ${(largeBytes / 1024).toFixed(0)} KiB (${LARGE_ROWS} QA rows); a fresh idempotencyKey per call`,
    db.kind === "pglite"
      ? "Both floors run on a copy of the app's data folder, opened by PGlite in the benchmark process."
      : "The floors run on the app's database, with one connection per client each (the lean floor's pipelined).",
    "",
    "| measure | door: /api/mcp | floor | door ÷ floor | lean floor | door ÷ lean floor |",
    "|---|---|---|---|---|---|",
    `| one client, 7 KB brief, p50 | ${f1(p50(small.door))} ms | ${f2(p50(small.floor))} ms | **${f2(p50(small.door) / p50(small.floor))}×** | ${f2(p50(small.lean))} ms | **${f2(p50(small.door) / p50(small.lean))}×** |`,
    `| one client, 7 KB brief, p95 | ${f1(percentile(small.door, 95))} ms | ${f2(percentile(small.floor, 95))} ms | ${f2(percentile(small.door, 95) / percentile(small.floor, 95))}× | ${f2(percentile(small.lean, 95))} ms | ${f2(percentile(small.door, 95) / percentile(small.lean, 95))}× |`,
    `| ${options.clients} clients on ${options.clients} briefs | ${f1(sum(throughput.door) / throughput.door.length)} toggles/s | ${f1(sum(throughput.floor) / throughput.floor.length)} toggles/s | **${f2(sum(throughput.door) / sum(throughput.floor))}** | ${f1(sum(throughput.lean) / throughput.lean.length)} toggles/s | **${f2(sum(throughput.door) / sum(throughput.lean))}** |`,
    `| ${options.clients} clients, p50 latency | ${f1(p50(manyLatency.door))} ms | ${f1(p50(manyLatency.floor))} ms | ${f2(p50(manyLatency.door) / p50(manyLatency.floor))}× | ${f1(p50(manyLatency.lean))} ms | ${f2(p50(manyLatency.door) / p50(manyLatency.lean))}× |`,
    `| one client, ${Math.round(largeBytes / 1024)} KiB brief, p50 | ${f1(p50(large.door))} ms | ${f1(p50(large.floor))} ms | **${f2(p50(large.door) / p50(large.floor))}×** | ${f1(p50(large.lean))} ms | **${f2(p50(large.door) / p50(large.lean))}×** |`,
    ...(Object.keys(encodings) as (keyof typeof encodings)[]).flatMap((encoding) =>
      (["small", "large"] as const).map((size) => {
        const { door: d, floor: f, bytes } = zipped[encoding][size];
        const name = size === "small" ? "7 KB brief" : `${Math.round(largeBytes / 1024)} KiB brief`;
        return `| one client, ${name}, p50, answer as ${encoding} (${(bytes / 1024).toFixed(1)} KiB sent) | ${f1(p50(d))} ms | ${f2(p50(f))} ms | ${f2(p50(d) / p50(f))}× |`;
      }),
    ),
    `| MCP \`ping\` through /api/mcp (token checked, no tool), p50 | ${f1(p50(pingMs))} ms | — | — |`,
    `| Next.js route \`/api/health\` (one \`SELECT 1\`, no MCP), p50 | ${f1(p50(healthMs))} ms | — | — |`,
    "",
    `App CPU per request, one client (ms, process group of the app${db.kind === "pglite" ? ", database included" : ""}): ping ${f2(appCpu.ping)}; toggle of the 7 KB brief ${f2(appCpu.small)} (gzip ${f2(appCpu.smallGzip)}); toggle of the ${Math.round(largeBytes / 1024)} KiB brief ${f2(appCpu.large)} (gzip ${f2(appCpu.largeGzip)}). The floor's whole toggle, p50: ${f2(p50(small.floor))} ms.`,
    `CPU per toggle with ${options.clients} clients (app / database backends / benchmark process): ${sides.map((side) => `${side} ${(["app", "db", "bench"] as const).map((k) => f2(cpu[side][k] / cpu[side].toggles)).join(" / ")} ms`).join("; ")}${db.kind === "pglite" ? " (PGlite: the database runs inside the app, and the floor's inside the benchmark process)" : ""}.`,
    `Throughput phases (toggles/s): ${sides.map((side) => `${side} ${throughput[side].map(f1).join(", ")}`).join("; ")}. Large brief: one toggle's HTTP response ${(largeResultBytes / 1024).toFixed(0)} KiB.`,
    "",
    "| write tool, one client, 7 KB brief | p50 | ÷ toggle p50 |",
    "|---|---|---|",
    ...Object.entries(tools).map(([name, xs]) => `| \`${name}\` | ${f1(p50(xs))} ms | ${f2(p50(xs) / p50(tools.brief_checklist_update))}× |`),
  ];
  if (growth) {
    const kib = (n: number) => `${(n / 1024).toFixed(2)} KiB`;
    lines.push(
      "",
      `Growth per toggle of the ${Math.round(largeBytes / 1024)} KiB brief (${GROWTH_TOGGLES} toggles each; relation sizes incl. TOAST and indexes, no VACUUM between):`,
      "",
      `| | ${GROWTH_TABLES.join(" | ")} | new rows: section blob + version + receipt |`,
      `|---|${GROWTH_TABLES.map(() => "---").join("|")}|---|`,
      ...(["door", "floor"] as const).map(
        (side) => `| ${side} | ${GROWTH_TABLES.map((t) => kib(growth![side].tables[t])).join(" | ")} | ${kib(growth![side].rows.blobs)} + ${kib(growth![side].rows.versions)} + ${kib(growth![side].rows.receipts)} |`,
      ),
    );
  }
  lines.push("", checks.length ? `Consistency: FAIL\n  ${checks.join("\n  ")}` : `Consistency: PASS (every brief's versionNum, rows and hash as written, read through the door)`);
  console.log(lines.join("\n"));
  console.log(
    `RESULT_JSON ${JSON.stringify({
      db: options.db,
      loadAverage: { start: loadAtStart, end: loadAtEnd },
      oneClientSmall: { doorP50: p50(small.door), floorP50: p50(small.floor), ratio: p50(small.door) / p50(small.floor), leanP50: p50(small.lean), leanRatio: p50(small.door) / p50(small.lean) },
      manyClients: {
        clients: options.clients,
        doorPerS: throughput.door,
        floorPerS: throughput.floor,
        leanPerS: throughput.lean,
        ratio: sum(throughput.door) / sum(throughput.floor),
        leanRatio: sum(throughput.door) / sum(throughput.lean),
        cpuMsPerToggle: cpu,
      },
      oneClientLarge: { doorP50: p50(large.door), floorP50: p50(large.floor), ratio: p50(large.door) / p50(large.floor), leanP50: p50(large.lean), leanRatio: p50(large.door) / p50(large.lean), responseBytes: largeResultBytes },
      compressed: Object.fromEntries(
        (Object.keys(encodings) as (keyof typeof encodings)[]).map((encoding) => [
          encoding,
          Object.fromEntries(
            (["small", "large"] as const).map((size) => {
              const { door: d, floor: f, bytes } = zipped[encoding][size];
              return [size, { doorP50: p50(d), floorP50: p50(f), ratio: p50(d) / p50(f), responseBytes: bytes }];
            }),
          ),
        ]),
      ),
      appCpuMsPerRequest: appCpu,
      pingP50: p50(pingMs),
      healthP50: p50(healthMs),
      tools: Object.fromEntries(Object.entries(tools).map(([k, xs]) => [k, p50(xs)])),
      growth,
      consistent: checks.length === 0,
    })}`,
  );
  return checks.length ? 1 : 0;
}

type AppCpuCase = "ping" | "small" | "smallGzip" | "large" | "largeGzip";

function omitMirror(content: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(content).filter(([key]) => key !== "checklist"));
}

runBench(main);
