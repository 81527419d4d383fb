import { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler, TraceIdRatioBasedSampler, type Sampler } from "@opentelemetry/sdk-trace";

/**
 * OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG as the OpenTelemetry specification defines them
 * (always_on, always_off, traceidratio and their parentbased_ forms); parentbased_always_on by
 * default, so a caller's sampling decision in `traceparent` is honoured.
 */
export function samplerFromEnv(source: Record<string, string | undefined> = process.env): Sampler {
  const name = (source.OTEL_TRACES_SAMPLER ?? "parentbased_always_on").trim().toLowerCase();
  const ratio = Number(source.OTEL_TRACES_SAMPLER_ARG ?? "1");
  const root = (kind: string): Sampler =>
    kind === "always_off" ? new AlwaysOffSampler() : kind === "traceidratio" ? new TraceIdRatioBasedSampler(Number.isFinite(ratio) ? ratio : 1) : new AlwaysOnSampler();
  return name.startsWith("parentbased_") ? new ParentBasedSampler({ root: root(name.slice("parentbased_".length)) }) : root(name);
}
