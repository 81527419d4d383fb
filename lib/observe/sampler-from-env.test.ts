import { ROOT_CONTEXT, SpanKind, TraceFlags, trace } from "@opentelemetry/api";
import { SamplingDecision } from "@opentelemetry/sdk-trace";
import { describe, expect, it } from "vitest";
import { samplerFromEnv } from "./sampler-from-env";

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const decide = (env: Record<string, string>, parentSampled?: boolean) => {
  const context =
    parentSampled === undefined
      ? ROOT_CONTEXT
      : trace.setSpanContext(ROOT_CONTEXT, { traceId: TRACE_ID, spanId: "00f067aa0ba902b7", traceFlags: parentSampled ? TraceFlags.SAMPLED : TraceFlags.NONE, isRemote: true });
  return samplerFromEnv(env).shouldSample(context, TRACE_ID, "span", SpanKind.SERVER, {}, []).decision;
};

describe("samplerFromEnv", () => {
  it("samples everything by default, and follows a caller that chose not to", () => {
    expect(decide({})).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide({}, false)).toBe(SamplingDecision.NOT_RECORD);
  });

  it("reads OTEL_TRACES_SAMPLER and its ratio", () => {
    expect(decide({ OTEL_TRACES_SAMPLER: "always_off" })).toBe(SamplingDecision.NOT_RECORD);
    expect(decide({ OTEL_TRACES_SAMPLER: "traceidratio", OTEL_TRACES_SAMPLER_ARG: "0" })).toBe(SamplingDecision.NOT_RECORD);
    expect(decide({ OTEL_TRACES_SAMPLER: "traceidratio", OTEL_TRACES_SAMPLER_ARG: "1" })).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide({ OTEL_TRACES_SAMPLER: "parentbased_always_off" }, true)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });
});
