import http from "node:http";
import type { AddressInfo } from "node:net";

/** A span as OTLP/JSON carries it, with its resource's and scope's names beside it. */
export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  scope: string;
  attributes: Record<string, string | number | boolean>;
};

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type OtlpBody = {
  resourceSpans?: {
    scopeSpans?: { scope?: { name?: string }; spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; attributes?: { key: string; value: OtlpValue }[] }[] }[];
  }[];
};

/**
 * An OpenTelemetry collector on loopback for tests, as far as the app sees one: it takes OTLP/HTTP
 * in JSON (`OTEL_EXPORTER_OTLP_PROTOCOL=http/json`) at /v1/traces, answers 200, and keeps every
 * span and every raw body it was sent.
 */
export async function otlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      bodies.push(body);
      if (request.url === "/v1/traces") spans.push(...spansOf(JSON.parse(body) as OtlpBody));
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function spansOf(body: OtlpBody): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resource) =>
    (resource.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        ...(span.parentSpanId && { parentSpanId: span.parentSpanId }),
        name: span.name,
        scope: scope.scope?.name ?? "",
        attributes: Object.fromEntries((span.attributes ?? []).map(({ key, value }) => [key, valueOf(value)])),
      })),
    ),
  );
}

function valueOf(value: OtlpValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  return value.boolValue ?? "";
}
