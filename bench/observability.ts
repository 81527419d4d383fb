/**
 * What metrics and traces cost the hottest write: `brief_checklist_update` through `/api/mcp` (the
 * production build under `next start`) on three instances started side by side, each on a database
 * of its own of the same kind:
 *   (a) everything off; (b) metrics on (BRIEFS_METRICS_TOKEN); (c) metrics and traces on, the
 *   traces exported over OTLP/HTTP to a stand-in collector this benchmark runs.
 * The calls are interleaved one by one (a, b, c, then b, c, a, …: each round starts one further
 * on), so whatever else the machine does falls on the three alike; the ratios b ÷ a and c ÷ a are
 * the figures that count.
 *
 *   npx tsx bench/build.ts                       # after every code change (builds into .next-bench)
 *   npx tsx bench/observability.ts               # the embedded database (PGlite), three folders
 *   npx tsx bench/observability.ts --db postgres # three databases at postgresql://postgres@127.0.0.1:5432/postgres
 *
 * Options: --pg-url <url>, --samples <calls per instance, 600>, --warmup <calls per instance, 40>,
 * --sampler <OTEL_TRACES_SAMPLER of (c), e.g. always_off, to tell making spans from loading the SDK>,
 * --protocol <http/protobuf (default) or http/json, for (c)>, --cpu-prof <folder: each server writes a
 * V8 CPU profile into <folder>/<a|b|c>/ when it stops>, --control (all three with everything off: the spread between
 * identical instances, against which the ratios are read), --awake-reference (a 10 ms timer in (a), as
 * prom-client's event-loop monitor runs in (b) and (c): a process that never sleeps long answers
 * sooner on a busy machine, which flatters (b) and (c) beside a plain (a)).
 * Targets (docs/benchmarks.md#the-cost-of-metrics-and-traces-benchobservabilityts): b ÷ a ≤ 1.05 and
 * c ÷ a ≤ 1.15, reported, not asserted. Not part of `npm test`; the exit code is 0 when the checks pass:
 * every toggle took effect, (b)'s scrape counts exactly the calls made to it, (a) has no metrics, and
 * the collector received a tool span for every call made to (c).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { freePort, waitUntilMcpReady } from "../tests/support/app-server";
import type { BenchDatabase } from "./support/bench-database";
import { smallBriefContent } from "./support/brief-contents";
import { groupCpuMs } from "./support/cpu-time";
import { mcpCaller, type McpCaller } from "./support/mcp-http";
import { prepareBenchApp } from "./support/prepare-bench-app";
import { missingBuild, onCleanup, runBench, startBenchServer } from "./support/run-bench";
import { f1, f2, timed } from "./support/timed-pairs";

const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";
const TOOL = "brief_checklist_update";

const { values } = parseArgs({
  strict: true,
  options: {
    db: { type: "string", default: "pglite" },
    "pg-url": { type: "string", default: "postgresql://postgres@127.0.0.1:5432/postgres" },
    samples: { type: "string", default: "600" },
    warmup: { type: "string", default: "40" },
    sampler: { type: "string" },
    protocol: { type: "string", default: "http/protobuf" },
    "cpu-prof": { type: "string" },
    control: { type: "boolean", default: false },
    "awake-reference": { type: "boolean", default: false },
  },
});
const db = values.db as "pglite" | "postgres";
if (db !== "pglite" && db !== "postgres") throw new Error("--db must be pglite or postgres");
const samples = Number(values.samples);
const warmup = Number(values.warmup);
if (values.protocol !== "http/protobuf" && values.protocol !== "http/json") throw new Error("--protocol must be http/protobuf or http/json");

// ---------------------------------------------------------------------------------------------
// The stand-in collector: OTLP/HTTP on POST /v1/traces, counting the spans it receives by name.

type Collector = { endpoint: string; spans: Map<string, number>; total(): number; requests(): number; stop(): Promise<void> };

async function startCollector(): Promise<Collector> {
  const spans = new Map<string, number>();
  let requests = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/v1/traces") {
        response.writeHead(404).end();
        return;
      }
      requests++;
      let body = Buffer.concat(chunks);
      if (request.headers["content-encoding"] === "gzip") body = zlib.gunzipSync(body);
      const json = String(request.headers["content-type"]).includes("json");
      for (const name of json ? spanNamesOfJson(body) : spanNamesOfProtobuf(body)) spans.set(name, (spans.get(name) ?? 0) + 1);
      // An empty ExportTraceServiceResponse: everything accepted.
      response.writeHead(200, { "content-type": json ? "application/json" : "application/x-protobuf" }).end(json ? "{}" : "");
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    total: () => [...spans.values()].reduce((a, b) => a + b, 0),
    requests: () => requests,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function spanNamesOfJson(body: Buffer): string[] {
  const request = JSON.parse(body.toString("utf8")) as { resourceSpans?: { scopeSpans?: { spans?: { name: string }[] }[] }[] };
  return (request.resourceSpans ?? []).flatMap((r) => (r.scopeSpans ?? []).flatMap((s) => (s.spans ?? []).map((span) => span.name)));
}

/**
 * ExportTraceServiceRequest → resource_spans (1) → scope_spans (2) → spans (2) → name (5), read
 * straight off the protobuf wire format: nothing else of the message is needed here.
 */
function spanNamesOfProtobuf(body: Buffer): string[] {
  const names: string[] = [];
  for (const resource of lengthDelimited(body, 1))
    for (const scope of lengthDelimited(resource, 2))
      for (const span of lengthDelimited(scope, 2)) names.push(lengthDelimited(span, 5)[0]?.toString("utf8") ?? "");
  return names;
}

function lengthDelimited(message: Buffer, field: number): Buffer[] {
  const found: Buffer[] = [];
  let at = 0;
  const varint = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = message[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  while (at < message.length) {
    const key = varint();
    const wireType = key & 7;
    if (wireType === 0) varint();
    else if (wireType === 1) at += 8;
    else if (wireType === 5) at += 4;
    else if (wireType === 2) {
      const length = varint();
      if (Math.floor(key / 8) === field) found.push(message.subarray(at, at + length));
      at += length;
    } else throw new Error(`unexpected protobuf wire type ${wireType}`);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// The three instances

type Row = { text: string; checked: boolean };
type Instance = {
  label: string;
  describe: string;
  mcp: McpCaller;
  origin: string;
  pgid: number;
  metricsToken?: string;
  brief: { id: string; rows: Row[]; next: number };
  calls: number;
  times: number[];
  cpuMs: number;
  db: BenchDatabase;
};

async function startInstance(label: string, describe: string, more: Record<string, string>): Promise<Instance> {
  const app = await prepareBenchApp({ db, pgUrl: values["pg-url"]!, distDir: DIST_DIR, rateLimits: "mcp-token=off" });
  const profile = values["cpu-prof"] && { BENCH_CPU_PROFILE_DIR: path.resolve(values["cpu-prof"], label) };
  const nodeOptions = [more.NODE_OPTIONS, profile && `--import=${path.resolve(__dirname, "support/write-cpu-profile.mjs")}`].filter(Boolean).join(" ");
  const server = startBenchServer(app.port, { ...app.env, ...more, ...profile, ...(nodeOptions && { NODE_OPTIONS: nodeOptions }) });
  await waitUntilMcpReady(server, app.url, app.token);
  const mcp = mcpCaller(app.url, app.token);
  onCleanup("close the caller", () => mcp.close());
  const projectId: string = (await mcp.ok("project_create", { name: `Observability (${label})`, idempotencyKey: crypto.randomUUID() })).project.id;
  const created = (await mcp.ok("brief_create", { projectId, title: "Checkout QA", content: smallBriefContent(label), idempotencyKey: crypto.randomUUID() })).brief;
  const rows = (created.content.testingQaChecklist as Row[]).map((row) => ({ ...row }));
  return {
    label,
    describe,
    mcp,
    origin: app.origin,
    pgid: server.child.pid!,
    metricsToken: more.BRIEFS_METRICS_TOKEN,
    brief: { id: created.id, rows, next: 0 },
    calls: 0,
    times: [],
    cpuMs: 0,
    db: app.db,
  };
}

/** One toggle: the next row, round-robin, set to the opposite of its value; it must make a version. */
async function toggle(instance: Instance): Promise<number> {
  const { brief } = instance;
  const index = brief.next++ % brief.rows.length;
  const row = brief.rows[index];
  const [ms, result] = await timed(() =>
    instance.mcp.ok(TOOL, { briefId: brief.id, index, expectedText: row.text, checked: !row.checked, idempotencyKey: crypto.randomUUID() }),
  );
  if (result.brief.createdNewVersion !== true) throw new Error(`(${instance.label}) a toggle made no new version`);
  row.checked = !row.checked;
  instance.calls++;
  return ms;
}

async function scrape(instance: Instance, token = instance.metricsToken): Promise<{ status: number; text: string }> {
  const response = await fetch(`${instance.origin}/api/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, text: await response.text() };
}

/** The value of one series in a Prometheus exposition, 0 when absent. */
function seriesValue(exposition: string, series: string): number {
  const line = exposition.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    // A poll interval while the batch processor's timer runs out, not a guess at its length.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return true;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  if (missingBuild(process.cwd(), DIST_DIR)) return 1;
  // Whatever the shell has set must not switch on metrics or traces where they are meant to be off.
  for (const name of Object.keys(process.env)) if (name.startsWith("OTEL_") || name.startsWith("BRIEFS_METRICS_")) delete process.env[name];
  const loadBefore = os.loadavg();
  const collector = await startCollector();
  onCleanup("stop the collector", collector.stop);
  const metricsToken = crypto.randomBytes(24).toString("hex");
  const tracing: Record<string, string> = {
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: values.protocol!,
    OTEL_SERVICE_NAME: "briefs-bench",
    ...(values.sampler && { OTEL_TRACES_SAMPLER: values.sampler }),
  };
  const control = values.control;
  // The same wake-ups as prom-client's event-loop monitor (monitorEventLoopDelay, 10 ms), and nothing else.
  const awake: Record<string, string> = values["awake-reference"] ? { NODE_OPTIONS: "--import=data:text/javascript,setInterval(()=>{},10)" } : {};
  const instances = await Promise.all([
    startInstance("a", values["awake-reference"] ? "everything off, a 10 ms timer" : "everything off", awake),
    control ? startInstance("b", "everything off (control)", {}) : startInstance("b", "metrics on", { BRIEFS_METRICS_TOKEN: metricsToken }),
    control
      ? startInstance("c", "everything off (control)", {})
      : startInstance("c", `metrics + traces (${values.protocol}${values.sampler ? `, sampler ${values.sampler}` : ""})`, { BRIEFS_METRICS_TOKEN: metricsToken, ...tracing }),
  ]);
  const [a, b, c] = instances;

  // Round i starts with instance i mod 3: each one follows each other one equally often.
  const round = async (i: number, record: boolean) => {
    for (let k = 0; k < 3; k++) {
      const instance = instances[(i + k) % 3];
      const ms = await toggle(instance);
      if (record) instance.times.push(ms);
    }
  };
  for (let i = 0; i < warmup; i++) await round(i, false);
  const cpuBefore = instances.map((instance) => groupCpuMs(instance.pgid) ?? NaN);
  for (let i = 0; i < samples; i++) await round(i, true);
  instances.forEach((instance, i) => (instance.cpuMs = (groupCpuMs(instance.pgid) ?? NaN) - cpuBefore[i]));
  const loadAfter = os.loadavg();

  // Checks: the counts and the spans.
  const failures: string[] = [];
  const calls = `briefs_mcp_tool_calls_total{tool="${TOOL}",outcome="ok"}`;
  const fromB = await scrape(b, metricsToken);
  if (fromB.status !== (control ? 404 : 200)) failures.push(`(b) /api/metrics answered ${fromB.status}`);
  const countedB = seriesValue(fromB.text, calls);
  if (!control && countedB !== b.calls) failures.push(`(b) counted ${countedB} calls of ${TOOL}, ${b.calls} were made`);
  const fromA = await scrape(a, metricsToken);
  if (fromA.status !== 404) failures.push(`(a) /api/metrics answered ${fromA.status} without metrics configured`);
  const wrongToken = await scrape(b, "not-the-token-of-this-bench");
  if (wrongToken.status !== 404) failures.push(`(b) /api/metrics answered ${wrongToken.status} to a wrong token`);
  const toolSpan = `mcp.tool ${TOOL}`;
  const tracingOn = !control && values.sampler !== "always_off";
  // The batch processor sends every OTEL_BSP_SCHEDULE_DELAY (5 s by default).
  if (tracingOn) await waitFor(() => (collector.spans.get(toolSpan) ?? 0) >= c.calls, 15_000);
  else if (!control) await waitFor(() => collector.requests() > 0, 8_000);
  const toolSpans = collector.spans.get(toolSpan) ?? 0;
  if (tracingOn && toolSpans !== c.calls) failures.push(`the collector received ${toolSpans} "${toolSpan}" spans, ${c.calls} calls were made to (c)`);
  if (!tracingOn && toolSpans !== 0) failures.push(`the collector received ${toolSpans} "${toolSpan}" spans with the sampler off`);

  // Report.
  const build = fs.existsSync(path.join(DIST_DIR, "BUILD_ID")) ? fs.readFileSync(path.join(DIST_DIR, "BUILD_ID"), "utf8").trim() : "?";
  const la = (l: number[]) => l.map((x) => x.toFixed(2)).join(" ");
  console.log(`\n${await a.db.describe()}, one per instance · ${os.cpus().length} CPUs · build ${build} · load average ${la(loadBefore)} before, ${la(loadAfter)} after`);
  console.log(`${samples} toggles of a 7 KiB brief per instance after ${warmup} warm-up each, interleaved call by call\n`);
  console.log("| instance | p50 | p95 | p50 ÷ a | p95 ÷ a | target | app CPU per call |");
  console.log("|---|---|---|---|---|---|---|");
  const a50 = percentile(a.times, 50);
  const a95 = percentile(a.times, 95);
  for (const instance of instances) {
    const p50 = percentile(instance.times, 50);
    const p95 = percentile(instance.times, 95);
    const target = instance === a ? "" : instance === b ? "≤ 1.05" : "≤ 1.15";
    const ratio = (x: number) => (instance === a ? "1" : `**${f2(x)}**`);
    console.log(
      `| (${instance.label}) ${instance.describe} | ${f1(p50)} ms | ${f1(p95)} ms | ${ratio(p50 / a50)} | ${ratio(p95 / a95)} | ${target} | ${f1(instance.cpuMs / instance.times.length)} ms |`,
    );
  }
  console.log(`\nCollector: ${collector.total()} spans in ${collector.requests()} exports from (c), ${toolSpans} of them "${toolSpan}" for ${c.calls} calls. By name:`);
  for (const [name, count] of [...collector.spans].sort((x, y) => y[1] - x[1]).slice(0, 15)) console.log(`  ${String(count).padStart(7)}  ${name}`);
  console.log(`\nFrom (b)'s /api/metrics (${b.calls} calls made to it, warm-up included):`);
  for (const line of fromB.text.split("\n")) {
    if (line.startsWith(`briefs_mcp_tool_calls_total{tool="${TOOL}"`) || line.startsWith(`briefs_mcp_tool_duration_seconds_count{tool="${TOOL}"`) || /^briefs_http_requests_total\{method="POST",route="\/api\/mcp"/.test(line)) {
      console.log(`  ${line}`);
    }
  }
  const dbLines = fromB.text.split("\n").filter((line) => line.startsWith("briefs_db_query_duration_seconds_count")).sort((x, y) => Number(y.split(" ")[1]) - Number(x.split(" ")[1]));
  for (const line of dbLines.slice(0, 6)) console.log(`  ${line}`);
  console.log(`  (a) /api/metrics: ${fromA.status}; (b) with a wrong token: ${wrongToken.status}`);
  const passed = control
    ? "every toggle made a version; no instance serves metrics"
    : `every toggle made a version; (b) counted every call; ${tracingOn ? "(c) traced every call" : "(c) sent no tool span"}; (a) has no metrics`;
  console.log(failures.length ? `\nChecks: FAIL\n  ${failures.join("\n  ")}` : `\nChecks: PASS (${passed})`);
  return failures.length ? 1 : 0;
}

runBench(main);
