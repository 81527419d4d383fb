import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its .wasm and data files from its own package folder at runtime.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg", "fs-native-extensions"],
  // Without this, pages opened at 127.0.0.1 in development never hydrate.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  poweredByHeader: false,
  // Lets several builds of one checkout coexist (parallel test runs each build and serve their own).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  async headers() {
    return [
      {
        // The OAuth consent screen: never framed (clickjacking), never cached, and its address,
        // which carries the application's request, never leaks to another site through a Referer.
        // ("no-referrer" would make browsers send `Origin: null` on the consent form's own POST.)
        source: "/oauth/:path*",
        headers: [
          { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Referrer-Policy", value: "same-origin" },
          { key: "Cache-Control", value: "no-store" },
        ],
      },
    ];
  },
};

export default nextConfig;
