import { SpanStatusCode } from "@opentelemetry/api";
import { metrics, metricsOn, secondsSince } from "./metrics";
import { tracer } from "./tracing";

/**
 * One MCP tool call as a span named by the tool ("mcp.tool brief_get"), with its outcome — "ok" or
 * the error code the caller was answered — as an attribute and as the label of the call metrics.
 * The database work it does is its spans' children.
 */
export function observeToolCall<T>(tool: string, call: () => Promise<{ value: T; outcome: string }>): Promise<T> {
  return tracer().startActiveSpan(`mcp.tool ${tool}`, { attributes: { "mcp.tool.name": tool } }, async (span) => {
    const started = performance.now();
    const { value, outcome } = await call();
    if (metricsOn()) {
      const { toolCalls, toolDuration } = metrics();
      toolCalls.inc({ tool, outcome });
      toolDuration.observe({ tool, outcome }, secondsSince(started));
    }
    span.setAttribute("mcp.tool.outcome", outcome);
    if (outcome === "INTERNAL_ERROR") span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
    return value;
  });
}
