import { context, trace, type Tracer } from "@opentelemetry/api";
import { currentRequest } from "./request-context";

/** What start-tracing.ts registered; shared by the module copies Next may load. */
export const tracingHolder = globalThis as unknown as { __briefsTracing?: { shutdown(): Promise<void> } | null };

/** True when traces are to be exported: OTEL_EXPORTER_OTLP_ENDPOINT (or its _TRACES_ form) is set. */
export function tracingWanted(source: Record<string, string | undefined> = process.env): boolean {
  if (source.OTEL_SDK_DISABLED === "true" || source.OTEL_TRACES_EXPORTER === "none") return false;
  return Boolean(source.OTEL_EXPORTER_OTLP_ENDPOINT || source.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** True once start-tracing.ts has registered an exporter. */
export function tracingOn(): boolean {
  return Boolean(tracingHolder.__briefsTracing);
}

/** Sends the spans still buffered (at shutdown). */
export async function flushTracing(): Promise<void> {
  await tracingHolder.__briefsTracing?.shutdown().catch(() => {});
}

/** Runs `work` as a child of the current request's span (the MCP endpoint ahead of Next). */
export function inRequestSpan<T>(work: () => T): T {
  const span = currentRequest()?.span;
  return span ? context.with(trace.setSpan(context.active(), span), work) : work();
}

/** The app's tracer; OpenTelemetry's no-op one unless tracing was started. */
export function tracer(): Tracer {
  return trace.getTracer("briefs");
}
