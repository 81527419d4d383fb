import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { describe, expect, it } from "vitest";
import { redactSpan } from "./redacting-exporter";

function spanWith(name: string, attributes: ReadableSpan["attributes"], events: ReadableSpan["events"] = []): ReadableSpan {
  return { name, attributes, events, spanContext: () => ({ traceId: "t", spanId: "s", traceFlags: 1 }) } as unknown as ReadableSpan;
}

describe("redactSpan", () => {
  const shareToken = "q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8";

  it("keeps a path or URL as its route and drops the query and credential headers", () => {
    const span = redactSpan(
      spanWith(`GET /s/${shareToken}`, {
        "http.target": `/s/${shareToken}?utm=x`,
        "url.full": `http://app.example/confirm-email?token=brc_${shareToken}`,
        "url.query": `token=${shareToken}`,
        "http.request.header.authorization": "Bearer brf_secret",
        "http.method": "GET",
        "http.status_code": 200,
      }),
    );
    const text = JSON.stringify({ name: span.name, attributes: span.attributes });
    expect(text).not.toContain(shareToken);
    expect(span.attributes).not.toHaveProperty("url.query");
    expect(span.attributes).not.toHaveProperty("http.request.header.authorization");
    expect(span.attributes["http.method"]).toBe("GET");
    expect(span.attributes["http.status_code"]).toBe(200);
  });

  it("scrubs secrets from other strings and from exception events, and keeps the span's identity", () => {
    const span = redactSpan(
      spanWith("mcp.tool brief_get_full", { "db.query.text": "SELECT 1" }, [
        { name: "exception", time: [0, 0], attributes: { "exception.message": `token brf_${shareToken} was refused` } },
      ]),
    );
    expect(span.name).toBe("mcp.tool brief_get_full");
    expect(span.attributes["db.query.text"]).toBe("SELECT 1");
    expect(JSON.stringify(span.events)).not.toContain(shareToken);
    expect(span.spanContext().traceId).toBe("t");
  });
});
