import { SpanKind, SpanStatusCode, context, propagation } from "@opentelemetry/api";
import { metrics, metricsOn } from "./metrics";
import { tracer } from "./tracing";

export type DeliveryOutcome = "delivered" | "retry" | "failed";

/**
 * One webhook delivery attempt as a span of its own (a child of the worker's round), and its
 * outcome on the delivery counter: delivered, retry (it failed and will be tried again) or failed
 * (given up).
 */
export function observeDelivery(eventType: string, attempt: () => Promise<DeliveryOutcome>): Promise<void> {
  return tracer().startActiveSpan("webhook delivery", { kind: SpanKind.CLIENT, attributes: { "webhook.event.type": eventType } }, async (span) => {
    try {
      const outcome = await attempt();
      span.setAttribute("webhook.outcome", outcome);
      if (outcome !== "delivered") span.setStatus({ code: SpanStatusCode.ERROR });
      if (metricsOn()) metrics().webhookDeliveries.inc({ outcome });
    } finally {
      span.end();
    }
  });
}

/** The current span as `traceparent` (and `tracestate`) headers, so that a receiver can join the trace. */
export function traceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  return headers;
}
