import dc from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, propagation, trace, type Span } from "@opentelemetry/api";
import { log } from "./logger";
import { metrics, metricsOn, secondsSince } from "./metrics";
import { requestContexts, requestIdFrom, type RequestContext } from "./request-context";
import { routePattern } from "./route-pattern";
import { tracer, tracingOn } from "./tracing";

const holder = globalThis as unknown as { __briefsObserveRequests?: boolean };

/**
 * Every request the server takes, whoever answers it (Next, or the MCP endpoint ahead of it), is
 * seen from Node's `http.server.request.start` channel, before any handler runs:
 * - it gets a request id (the caller's `X-Request-Id` when well formed), sent back on the answer and
 *   given to every log line written while it runs;
 * - with tracing on, a server span, continuing the caller's `traceparent`; the request then carries
 *   this span's `traceparent` on to Next, whose own spans become its children;
 * - when the answer ends: one log line (method, route pattern, status, duration) and, with metrics
 *   on, the request counters.
 */
export function observeRequests(): void {
  if (holder.__briefsObserveRequests) return;
  holder.__briefsObserveRequests = true;
  const tracing = tracingOn();
  const counting = metricsOn();
  dc.subscribe("http.server.request.start", (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    const started = performance.now();
    const requestId = requestIdFrom(request.headers["x-request-id"]);
    request.headers["x-request-id"] = requestId;
    response.setHeader("X-Request-Id", requestId);
    const context: RequestContext = { requestId };
    if (tracing) context.span = startServerSpan(request);
    // The rest of this request's work — Next's handler or the MCP endpoint — runs in this context.
    requestContexts.enterWith(context);
    response.once("close", () => finish(request, response, context, started, counting));
  });
}

function startServerSpan(request: IncomingMessage): Span {
  const parent = propagation.extract(ROOT_CONTEXT, request.headers);
  const method = request.method ?? "GET";
  const span = tracer().startSpan(method, { kind: SpanKind.SERVER, attributes: { "http.request.method": method } }, parent);
  // Next continues the trace it finds in the request's headers: let it find this span.
  delete request.headers.traceparent;
  delete request.headers.tracestate;
  propagation.inject(trace.setSpan(ROOT_CONTEXT, span), request.headers);
  return span;
}

function finish(request: IncomingMessage, response: ServerResponse, context: RequestContext, started: number, counting: boolean): void {
  const method = request.method ?? "GET";
  const route = routePattern(pathOf(request.url));
  // An answer cut off before it ended (the client left) is told apart from one that was sent.
  const status = response.writableFinished ? String(response.statusCode) : "aborted";
  const seconds = secondsSince(started);
  if (counting) {
    const { httpRequests, httpDuration } = metrics();
    httpRequests.inc({ method, route, status });
    httpDuration.observe({ method, route, status }, seconds);
  }
  const { span } = context;
  if (span) {
    span.updateName(`${method} ${route}`);
    span.setAttributes({ "http.route": route, "http.response.status_code": response.statusCode });
    if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }
  const traceId = span?.spanContext().traceId;
  const fields = {
    requestId: context.requestId,
    ...(traceId && { traceId }),
    ...(context.userId && { userId: context.userId }),
    method,
    route,
    status: response.writableFinished ? response.statusCode : "aborted",
    durationMs: Math.round(seconds * 10_000) / 10,
  };
  if (route === "/_next/static") log().debug(fields, "request");
  else log().info(fields, "request");
}

function pathOf(url: string | undefined): string {
  const path = (url ?? "/").split("?")[0];
  return path.startsWith("/") ? path : "/";
}
