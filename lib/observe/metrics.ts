import client from "prom-client";

/**
 * Every metric the app exports, in one Prometheus registry per process (GET /api/metrics,
 * serve-metrics.ts). docs/operations.md#metrics lists them with their meaning. Labels stay bounded:
 * route patterns, tool names, outcomes and error codes, never a user's, a brief's or a URL's value.
 * Gauges that read the database (the outbox, presence) are read when scraped (database-gauges.ts).
 */
function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  const fast = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
  return {
    registry,
    httpRequests: new client.Counter({
      name: "briefs_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status.",
      labelNames: ["method", "route", "status"] as const,
      registers: [registry],
    }),
    httpDuration: new client.Histogram({
      name: "briefs_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method, route pattern and status.",
      labelNames: ["method", "route", "status"] as const,
      buckets: seconds,
      registers: [registry],
    }),
    toolCalls: new client.Counter({
      name: "briefs_mcp_tool_calls_total",
      help: "MCP tool calls, by tool and outcome (ok, or the error code answered).",
      labelNames: ["tool", "outcome"] as const,
      registers: [registry],
    }),
    toolDuration: new client.Histogram({
      name: "briefs_mcp_tool_duration_seconds",
      help: "Time an MCP tool call took inside the endpoint, by tool and outcome.",
      labelNames: ["tool", "outcome"] as const,
      buckets: seconds,
      registers: [registry],
    }),
    dbDuration: new client.Histogram({
      name: "briefs_db_query_duration_seconds",
      help: "Database work, by client (prisma: one operation, its statements included; sql: one statement or pipelined batch of the write paths) and operation.",
      labelNames: ["client", "operation"] as const,
      buckets: fast,
      registers: [registry],
    }),
    webhookDeliveries: new client.Counter({
      name: "briefs_webhook_deliveries_total",
      help: "Webhook delivery attempts made by this instance, by outcome (delivered, retry, failed).",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    streamsOpen: new client.Gauge({
      name: "briefs_live_streams_open",
      help: "Live streams open on this instance: browser pages (browser) and MCP subscriptions (mcp).",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
    rateLimitRefusals: new client.Counter({
      name: "briefs_rate_limit_refusals_total",
      help: "Requests refused by a rate limit, by the limit's name.",
      labelNames: ["limit"] as const,
      registers: [registry],
    }),
    workerRounds: new client.Histogram({
      name: "briefs_worker_round_duration_seconds",
      help: "Background workers' rounds on this instance (delivery: the outbox and webhooks; github: stored GitHub deliveries).",
      labelNames: ["worker"] as const,
      buckets: seconds,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

// One registry per process, also across the module copies Next may load.
const holder = globalThis as unknown as { __briefsMetrics?: Metrics; __briefsMetricsOn?: boolean };

/**
 * Metrics are kept only where someone can read them: with BRIEFS_METRICS_TOKEN or
 * BRIEFS_METRICS_PORT set. Otherwise nothing is counted and GET /api/metrics answers 404.
 */
export function metricsOn(): boolean {
  return (holder.__briefsMetricsOn ??= Boolean(process.env.BRIEFS_METRICS_TOKEN || process.env.BRIEFS_METRICS_PORT));
}

export function metrics(): Metrics {
  return (holder.__briefsMetrics ??= createMetrics());
}

/** Seconds since `start` (a performance.now() reading), for the histograms. */
export function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}

/** A request refused by the limit named `limit` (lib/rate-limit). */
export function countRateLimitRefusal(limit: string): void {
  if (metricsOn()) metrics().rateLimitRefusals.inc({ limit });
}

/** A live stream opened (+1) or ended (-1) on this instance. */
export function countLiveStream(kind: "browser" | "mcp", change: 1 | -1): void {
  if (metricsOn()) metrics().streamsOpen.inc({ kind }, change);
}
