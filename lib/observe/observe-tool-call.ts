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
    let answered: { value: T; outcome: string };
    try {
      answered = await call();
    } catch (error) {
      // Not the tool's answer: the door's (a credential its check did not confirm), counted there.
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      span.end();
      throw error;
    }
    const { value, outcome } = answered;
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
