import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter as OtlpJsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as OtlpProtobufExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { PrismaInstrumentation } from "@prisma/instrumentation";
import { log } from "./logger";
import { RedactingExporter } from "./redacting-exporter";
import { samplerFromEnv } from "./sampler-from-env";
import { tracingHolder, tracingWanted } from "./tracing";

/**
 * In a server process, when an OTLP endpoint is set (loaded only then, so an instance without one
 * pays nothing): spans of every request (observe-requests.ts), of Next's own work, of each MCP tool
 * call, of each Prisma query and of the workers' rounds go to the collector over OTLP/HTTP,
 * protobuf by default or JSON (OTEL_EXPORTER_OTLP_PROTOCOL). The standard OTEL_* variables apply:
 * endpoint, headers, timeout, service name, resource attributes, sampler. True when it started.
 */
export function startTracing(): boolean {
  if (tracingHolder.__briefsTracing !== undefined) return false;
  tracingHolder.__briefsTracing = null;
  if (!tracingWanted()) return false;
  const protocol = process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? process.env.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf";
  if (protocol !== "http/protobuf" && protocol !== "http/json") {
    log().error(`Traces are not exported: OTEL_EXPORTER_OTLP_PROTOCOL "${protocol}" is not supported here; use http/protobuf or http/json.`);
    return false;
  }
  const exporter = protocol === "http/json" ? new OtlpJsonExporter() : new OtlpProtobufExporter();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": "briefs" }).merge(detectResources({ detectors: [envDetector] })),
    sampler: samplerFromEnv(),
    spanProcessors: [new BatchSpanProcessor({ exporter: new RedactingExporter(exporter), ...batchOptionsFromEnv() })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  trace.setGlobalTracerProvider(provider);
  const prisma = new PrismaInstrumentation({ enabled: false });
  prisma.setTracerProvider(provider);
  prisma.enable();
  tracingHolder.__briefsTracing = provider;
  log().info(`Traces are exported over OTLP (${protocol}).`);
  return true;
}

/** OTEL_BSP_SCHEDULE_DELAY and OTEL_BSP_MAX_QUEUE_SIZE, the standard knobs of the batch processor. */
function batchOptionsFromEnv(): { scheduledDelayMillis?: number; maxQueueSize?: number } {
  const delay = Number(process.env.OTEL_BSP_SCHEDULE_DELAY);
  const queue = Number(process.env.OTEL_BSP_MAX_QUEUE_SIZE);
  return {
    ...(Number.isInteger(delay) && delay > 0 && { scheduledDelayMillis: delay }),
    ...(Number.isInteger(queue) && queue > 0 && { maxQueueSize: queue }),
  };
}
