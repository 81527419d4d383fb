import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startAppServer, waitForHealth, type AppServer } from "../support/app-server";
import { openLiveStream } from "../support/event-stream";
import { jsonRpcOf, type Loose } from "../support/mcp-clients";
import { otlpReceiver, type ReceivedSpan } from "../support/otlp-receiver";
import { ownDatabaseEnv } from "../support/own-database";
import { runTsx } from "../support/spawn-tsx";
import { signInOverHttp } from "../support/web-session";
import { webhookReceiver } from "../support/webhook-receiver";
import { newKey } from "./mcp-calls";

const METRICS_TOKEN = `metrics-${crypto.randomBytes(12).toString("hex")}`;
/** Low enough for a test to reach, high enough for the calls made before that test. */
const TOKEN_LIMIT = 40;
const PASSWORD = "observed-person-password";

/**
 * What an operator sees of a running instance (lib/observe), on the built app with a collector and
 * a webhook receiver of the test's own on loopback: Prometheus metrics that move by exactly the
 * calls made, one trace per MCP call from the caller's span down to Prisma's queries, webhook
 * deliveries that carry the trace on, and request ids in answers and log lines.
 */
describe(`metrics, traces and request ids over HTTP on ${process.env.BRIEFS_TEST_DB}`, () => {
  let collector: Awaited<ReturnType<typeof otlpReceiver>>;
  let hooks: Awaited<ReturnType<typeof webhookReceiver>>;
  let server: AppServer;
  let origin: string;
  let metricsPort: number;
  let fixture: { projectId: string; briefId: string; token: string; userId: string };
  let removeDatabase: (() => Promise<void>) | undefined;
  let calls = 0;
  let email: string;

  beforeAll(async () => {
    collector = await otlpReceiver();
    hooks = await webhookReceiver();
    const port = await freePort();
    metricsPort = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const database = await ownDatabaseEnv(origin, {
      BRIEFS_METRICS_TOKEN: METRICS_TOKEN,
      BRIEFS_METRICS_PORT: String(metricsPort),
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "100",
      BRIEFS_RATE_LIMITS: `mcp-token=${TOKEN_LIMIT}/1h`,
    });
    removeDatabase = database.remove;
    email = `observed.${crypto.randomBytes(4).toString("hex")}@example.test`;
    const made = await runTsx("tests/support/observed-fixture.ts", [email, hooks.url()], database.env);
    if (made.code !== 0) throw new Error(`The fixture failed: ${made.stderr}`);
    const password = await runTsx("tests/support/set-password.ts", [email, PASSWORD], database.env);
    if (password.code !== 0) throw new Error(`Setting the password failed: ${password.stderr}`);
    fixture = JSON.parse(made.stdout.trim().split("\n").at(-1)!);
    server = startAppServer(port, database.env);
    await waitForHealth(server, origin, 200);
  });

  afterAll(async () => {
    await server?.stop();
    await removeDatabase?.();
    await collector?.close();
    await hooks?.stop();
  });

  async function call(name: string, args: Loose, headers: Record<string, string> = {}): Promise<{ status: number; result: Loose; headers: Headers }> {
    calls += 1;
    const response = await fetch(`${origin}/api/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${fixture.token}`, "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify({ jsonrpc: "2.0", id: calls, method: "tools/call", params: { name, arguments: args } }),
    });
    const status = response.status;
    return { status, headers: response.headers, result: status === 200 ? ((await jsonRpcOf(response)).result as Loose) : {} };
  }

  async function scrape(): Promise<string> {
    const response = await fetch(`${origin}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  }

  /** One sample's value (0 when the series does not exist yet): `name{a="x",b="y"}`, labels in any order. */
  function sample(text: string, name: string, labels: Record<string, string> = {}): number {
    const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
    for (const line of text.split("\n")) {
      const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match || match[1] !== name) continue;
      const have = match[2] ? match[2].split(",") : [];
      if (have.length === wanted.length && wanted.every((label) => have.includes(label))) return Number(match[3]);
    }
    return 0;
  }

  function spansOfTrace(traceId: string): ReceivedSpan[] {
    return collector.spans.filter((span) => span.traceId === traceId);
  }

  function isDescendant(span: ReceivedSpan, ancestor: ReceivedSpan, all: ReceivedSpan[]): boolean {
    let current: ReceivedSpan | undefined = span;
    while (current?.parentSpanId) {
      if (current.parentSpanId === ancestor.spanId) return true;
      current = all.find((s) => s.spanId === current!.parentSpanId);
    }
    return false;
  }

  it("serves /api/metrics only with its token on the app's port, and without one on the loopback port", async () => {
    expect((await fetch(`${origin}/api/metrics`)).status).toBe(404);
    expect((await fetch(`${origin}/api/metrics`, { headers: { authorization: "Bearer not-the-metrics-token" } })).status).toBe(404);
    expect((await fetch(`${origin}/api/metrics`, { headers: { authorization: `Bearer ${fixture.token}` } })).status).toBe(404);
    const text = await scrape();
    expect(text).toContain("# TYPE briefs_http_requests_total counter");
    expect(text).toContain("process_resident_memory_bytes");

    const local = await fetch(`http://127.0.0.1:${metricsPort}/api/metrics`);
    expect(local.status).toBe(200);
    expect(local.headers.get("content-type")).toContain("text/plain");
    expect(await local.text()).toContain("briefs_mcp_tool_calls_total");
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);
  });

  it("moves the counters by exactly the calls made, and labels them by route pattern and tool, never by id", async () => {
    // What the fixture's own changes sent out is delivered first, so the webhook counters are quiet.
    await expect.poll(async () => sample(await scrape(), "briefs_outbox_backlog_events") + sample(await scrape(), "briefs_webhook_deliveries_pending"), { timeout: 20_000 }).toBe(0);
    const before = await scrape();
    const delivered = hooks.received.length;

    expect((await call("brief_list", { projectId: fixture.projectId })).result.isError).toBeFalsy();
    expect((await call("brief_list", { projectId: fixture.projectId })).result.isError).toBeFalsy();
    const missing = await call("brief_get_full", { briefId: crypto.randomUUID() });
    expect(missing.result.isError).toBe(true);
    const missingCode = (missing.result.structuredContent as { error: { code: string } }).error.code;
    const toggled = await call("brief_checklist_update", { briefId: fixture.briefId, index: 0, expectedText: "Works", checked: true, idempotencyKey: newKey() });
    expect(toggled.result.isError).toBeFalsy();
    // Its change goes out to the webhook: one delivery, delivered.
    await expect.poll(() => hooks.received.length, { timeout: 20_000 }).toBe(delivered + 1);
    await expect.poll(async () => sample(await scrape(), "briefs_webhook_deliveries_total", { outcome: "delivered" }), { timeout: 10_000 }).toBe(
      sample(before, "briefs_webhook_deliveries_total", { outcome: "delivered" }) + 1,
    );

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(moved("briefs_mcp_tool_calls_total", { tool: "brief_list", outcome: "ok" })).toBe(2);
    expect(moved("briefs_mcp_tool_calls_total", { tool: "brief_get_full", outcome: missingCode })).toBe(1);
    expect(moved("briefs_mcp_tool_calls_total", { tool: "brief_get_full", outcome: "ok" })).toBe(0);
    expect(moved("briefs_mcp_tool_calls_total", { tool: "brief_checklist_update", outcome: "ok" })).toBe(1);
    expect(moved("briefs_mcp_tool_duration_seconds_count", { tool: "brief_list", outcome: "ok" })).toBe(2);
    expect(moved("briefs_http_requests_total", { method: "POST", route: "/api/mcp", status: "200" })).toBe(4);
    expect(moved("briefs_http_request_duration_seconds_count", { method: "POST", route: "/api/mcp", status: "200" })).toBe(4);
    expect(moved("briefs_webhook_deliveries_total", { outcome: "retry" })).toBe(0);
    expect(moved("briefs_db_query_duration_seconds_count", { client: "sql", operation: "transaction" })).toBeGreaterThanOrEqual(1);
    expect(sample(after, "briefs_outbox_oldest_event_age_seconds")).toBe(0);
    if (process.env.BRIEFS_TEST_DB === "postgres") expect(sample(after, "briefs_db_pool_connections", { state: "total" })).toBeGreaterThan(0);

    // No id, token or address in any label: every label value is a pattern, a name or a number.
    for (const id of [fixture.briefId, fixture.projectId, fixture.userId, fixture.token]) expect(after).not.toContain(id);
    expect(after).not.toMatch(/route="\/(?!api\/mcp|api\/metrics|api\/health)[^"]*[0-9a-f]{8}-/);
  });

  it("makes an MCP call one trace: it continues the caller's traceparent, names the tool and its outcome, and holds Prisma's queries", async () => {
    const traceId = crypto.randomBytes(16).toString("hex");
    const callerSpan = crypto.randomBytes(8).toString("hex");
    const answer = await call("brief_list", { projectId: fixture.projectId }, { traceparent: `00-${traceId}-${callerSpan}-01` });
    expect(answer.status).toBe(200);

    let server: ReceivedSpan | undefined;
    let tool: ReceivedSpan | undefined;
    let query: ReceivedSpan | undefined;
    await expect
      .poll(
        () => {
          const spans = spansOfTrace(traceId);
          server = spans.find((s) => s.parentSpanId === callerSpan);
          tool = spans.find((s) => s.name === "mcp.tool brief_list");
          query = server && tool && spans.find((s) => s.scope === "prisma" && isDescendant(s, tool!, spans));
          return Boolean(query);
        },
        { timeout: 15_000, message: "the call's server span, tool span and a Prisma span under the tool" },
      )
      .toBe(true);
    expect(server).toMatchObject({ name: "POST /api/mcp", attributes: { "http.route": "/api/mcp", "http.response.status_code": 200 } });
    expect(tool!.attributes).toMatchObject({ "mcp.tool.name": "brief_list", "mcp.tool.outcome": "ok" });
    expect(isDescendant(tool!, server!, spansOfTrace(traceId))).toBe(true);
    expect(query!.name).toMatch(/^prisma:/);

    // A refused call's span says why.
    const refused = await call("brief_get_full", { briefId: crypto.randomUUID() });
    const code = (refused.result.structuredContent as { error: { code: string } }).error.code;
    await expect.poll(() => collector.spans.some((s) => s.name === "mcp.tool brief_get_full" && s.attributes["mcp.tool.outcome"] === code), { timeout: 15_000 }).toBe(true);
  });

  it("sends a webhook delivery with the traceparent of its own span, so the receiver can join the trace", async () => {
    const delivered = hooks.received.length;
    const toggled = await call("brief_checklist_update", { briefId: fixture.briefId, index: 0, expectedText: "Works", checked: false, idempotencyKey: newKey() });
    expect(toggled.result.isError).toBeFalsy();
    await expect.poll(() => hooks.received.length, { timeout: 20_000 }).toBe(delivered + 1);
    const traceparent = hooks.received.at(-1)!.headers.traceparent;
    const [, traceId, parentId] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/.exec(traceparent ?? "") ?? [];
    expect(traceId, `traceparent header: ${traceparent}`).toBeTruthy();
    await expect
      .poll(() => collector.spans.find((s) => s.traceId === traceId && s.spanId === parentId)?.name, { timeout: 15_000 })
      .toBe("webhook delivery");
    const round = spansOfTrace(traceId).find((s) => s.name === "delivery worker round");
    expect(round, "the delivery is part of its worker round's trace").toBeTruthy();
  });

  it("answers with X-Request-Id, keeps a well-formed one, and writes it with the acting user on the request's log line", async () => {
    const kept = await fetch(`${origin}/api/health`, { headers: { "x-request-id": "edge-proxy:4f2a9c1e" } });
    expect(kept.headers.get("x-request-id")).toBe("edge-proxy:4f2a9c1e");
    const replaced = await fetch(`${origin}/api/health`, { headers: { "x-request-id": "no spaces <allowed>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await fetch(`${origin}/api/health`);
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    const mcp = await call("brief_list", { projectId: fixture.projectId }, { "x-request-id": "agent-run-0001" });
    expect(mcp.headers.get("x-request-id")).toBe("agent-run-0001");
    const lineOf = (requestId: string) =>
      server
        .log()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Loose)
        .find((entry) => entry.requestId === requestId && entry.msg === "request");
    await expect.poll(() => lineOf("agent-run-0001"), { timeout: 5_000 }).toBeTruthy();
    expect(lineOf("agent-run-0001")).toMatchObject({ level: "info", method: "POST", route: "/api/mcp", status: 200, userId: fixture.userId });
    expect(lineOf("agent-run-0001")!.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(lineOf("edge-proxy:4f2a9c1e")).toMatchObject({ route: "/api/health", status: 200 });
  });

  it("reports the live streams open on the instance and the people present on briefs", async () => {
    const cookie = (await signInOverHttp(origin, email, PASSWORD)).header();
    const streams = async () => sample(await scrape(), "briefs_live_streams_open", { kind: "browser" });
    const before = await streams();
    const aborts = new AbortController();
    const stream = await openLiveStream(origin, cookie, aborts.signal);
    await stream.next((event) => event.kind === "sync");
    expect(await streams()).toBe(before + 1);

    expect(sample(await scrape(), "briefs_presence_people")).toBe(0);
    const here = await fetch(`${origin}/api/briefs/${fixture.briefId}/presence`, {
      method: "POST",
      headers: { cookie, origin, "content-type": "application/json" },
      body: JSON.stringify({ tabId: "observed-tab-1" }),
    });
    expect(here.status).toBe(200);
    expect(sample(await scrape(), "briefs_presence_people")).toBe(1);

    aborts.abort();
    await expect.poll(streams, { timeout: 10_000 }).toBe(before);
  });

  it("counts each request a rate limit refuses, by the limit's name", async () => {
    const before = sample(await scrape(), "briefs_rate_limit_refusals_total", { limit: "mcp-token" });
    let refused = 0;
    // The token's limit is TOKEN_LIMIT an hour: calls until two are refused.
    for (let i = 0; i < TOKEN_LIMIT + 2 && refused < 2; i++) if ((await call("brief_list", { projectId: fixture.projectId })).status === 429) refused += 1;
    expect(refused).toBe(2);
    expect(sample(await scrape(), "briefs_rate_limit_refusals_total", { limit: "mcp-token" }) - before).toBe(2);
  });
});
