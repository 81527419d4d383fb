import crypto from "node:crypto";
import http from "node:http";
import { log } from "./logger";
import { metrics, metricsOn } from "./metrics";

/**
 * GET /api/metrics on the app's own port: only with `Authorization: Bearer <BRIEFS_METRICS_TOKEN>`.
 * Anything else — no token configured, none sent, a wrong one — is 404, as if there were no such
 * route: the figures say how busy the service is and which routes fail.
 */
export async function answerMetricsRequest(request: Request): Promise<Response> {
  const expected = process.env.BRIEFS_METRICS_TOKEN;
  if (!metricsOn() || !expected || !tokenMatches(request.headers.get("authorization"), expected)) {
    return new Response("Not found", { status: 404, headers: { "cache-control": "no-store" } });
  }
  return exposition();
}

function tokenMatches(header: string | null, expected: string): boolean {
  const presented = /^Bearer (.+)$/i.exec(header ?? "")?.[1] ?? "";
  // Compared as digests: equal length, constant time, and the token's length is not revealed.
  const a = crypto.createHash("sha256").update(presented).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

async function exposition(): Promise<Response> {
  const { registry } = metrics();
  return new Response(await registry.metrics(), { status: 200, headers: { "content-type": registry.contentType, "cache-control": "no-store" } });
}

const holder = globalThis as unknown as { __briefsMetricsPort?: http.Server };

/**
 * BRIEFS_METRICS_PORT: a second listener on 127.0.0.1 that answers GET /api/metrics with no token,
 * for a Prometheus agent or sidecar on the same host; it serves nothing else.
 */
export function serveMetricsOnLoopback(port: number): void {
  if (holder.__briefsMetricsPort) return;
  const server = http.createServer((request, response) => {
    if (request.method !== "GET" || (request.url ?? "").split("?")[0] !== "/api/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    void metrics()
      .registry.metrics()
      .then(
        (text) => response.writeHead(200, { "content-type": metrics().registry.contentType, "cache-control": "no-store" }).end(text),
        () => response.writeHead(500).end(),
      );
  });
  server.on("error", (error) => log().error({ err: error }, `Metrics are not served on 127.0.0.1:${port}`));
  // Not kept alive for the metrics port alone: the process ends when the app's server does.
  server.listen(port, "127.0.0.1", () => {
    server.unref();
    log().info(`Metrics are served at http://127.0.0.1:${port}/api/metrics`);
  });
  holder.__briefsMetricsPort = server;
}
