import type { Attributes } from "@opentelemetry/api";
import type { ExportResult } from "@opentelemetry/core";
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace";
import { routePattern } from "./route-pattern";
import { scrubSecrets } from "./scrub-secrets";

/** Attributes that hold a request's path or whole URL: kept as the route's pattern, without the query. */
const URL_ATTRIBUTES = new Set(["http.target", "http.url", "url.full", "url.path", "next.rsc", "http.route.raw"]);
const DROPPED_ATTRIBUTES = new Set(["url.query", "http.request.header.authorization", "http.request.header.cookie"]);

/**
 * Every span leaves through this, whoever made it (Next, Prisma, the app): a path or URL becomes
 * its route pattern (a share link's token is part of its path), and every other string — names,
 * attribute values, exception texts — is scrubbed of secrets (scrub-secrets.ts).
 */
export class RedactingExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.inner.export(spans.map(redactSpan), resultCallback);
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

export function redactSpan(span: ReadableSpan): ReadableSpan {
  return Object.create(span, {
    name: { value: scrubSecrets(span.name.replace(/^([A-Z]+ )(\/\S*)$/, (_, method: string, path: string) => method + routePattern(pathOf(path)))) },
    attributes: { value: redactAttributes(span.attributes) },
    events: { value: span.events.map((event) => ({ ...event, attributes: event.attributes && redactAttributes(event.attributes) })) },
  }) as ReadableSpan;
}

function redactAttributes(attributes: Attributes): Attributes {
  const redacted: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (DROPPED_ATTRIBUTES.has(key)) continue;
    if (typeof value === "string") redacted[key] = URL_ATTRIBUTES.has(key) ? routePattern(pathOf(value)) : scrubSecrets(value);
    else if (Array.isArray(value)) redacted[key] = value.map((item) => (typeof item === "string" ? scrubSecrets(item) : item)) as typeof value;
    else redacted[key] = value;
  }
  return redacted;
}

function pathOf(target: string): string {
  try {
    return new URL(target, "http://x").pathname;
  } catch {
    return "/";
  }
}
