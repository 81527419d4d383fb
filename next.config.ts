import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its .wasm and data files from its own package folder at runtime.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg", "fs-native-extensions"],
  // Without this, pages opened at 127.0.0.1 in development never hydrate.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  poweredByHeader: false,
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
