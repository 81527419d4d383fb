import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its .wasm and data files from its own package folder at runtime.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg", "fs-native-extensions"],
  // Without this, pages opened at 127.0.0.1 in development never hydrate.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  poweredByHeader: false,
  // Lets several builds of one checkout coexist (parallel test runs each build and serve their own).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
};

export default nextConfig;
