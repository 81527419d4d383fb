import { SpanStatusCode } from "@opentelemetry/api";
import { metrics, metricsOn, secondsSince } from "./metrics";
import { tracer } from "./tracing";

/**
 * One round of a background worker as a trace of its own (its queries and deliveries are the
 * round's children) and a sample of the round-duration histogram. An error still propagates.
 */
export function observeRound<T>(worker: "delivery" | "github", round: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(`${worker} worker round`, { root: true, attributes: { "briefs.worker": worker } }, async (span) => {
    const started = performance.now();
    try {
      return await round();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      if (metricsOn()) metrics().workerRounds.observe({ worker }, secondsSince(started));
      span.end();
    }
  });
}
