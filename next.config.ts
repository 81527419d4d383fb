import type { NextConfig } from "next";
import { IMPORT_UPLOAD_MAX_BYTES_WEB } from "./lib/contract/bounds";

const nextConfig: NextConfig = {
  // PGlite loads its .wasm and data files from its own package folder at runtime.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "pg",
    "fs-native-extensions",
    // Observability (lib/observe): one copy of each per process, as the instrumentation registered it.
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/context-async-hooks",
    "@opentelemetry/core",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/exporter-trace-otlp-proto",
    "@opentelemetry/resources",
    "@opentelemetry/sdk-trace",
    "@prisma/instrumentation",
  ],
  // Without this, pages opened at 127.0.0.1 in development never hydrate.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  poweredByHeader: false,
  experimental: {
    // proxy.ts runs on every request, and Next cuts the bodies of such requests at 10 MB by default:
    // an import's form (several files of up to 10 MB) would arrive cut short. Just over the import's
    // own bound, so its route still sees a larger body and refuses it with its own 413; every route
    // bounds its body itself while reading it.
    proxyClientMaxBodySize: IMPORT_UPLOAD_MAX_BYTES_WEB + 1024,
  },
  // Metadata is resolved before the page is sent instead of streamed after it. Streamed, a page's
  // <title> sits in the body and is dropped and put back whenever a live update refreshes the page,
  // so the tab (and a screen reader) briefly sees a page with no title. Each title is one small read.
  htmlLimitedBots: /.*/,
  // Lets several builds of one checkout coexist (parallel test runs each build and serve their own).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  async headers() {
    return [
      {
        // The OAuth consent screen is never cached. (Framing is refused and the Referer kept to the
        // origin on every page, by proxy.ts.)
        source: "/oauth/:path*",
        headers: [{ key: "Cache-Control", value: "no-store" }],
      },
    ];
  },
};

export default nextConfig;
