import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

// Every database test runs against the embedded database (PGlite, in memory, one per test file)
// and, when TEST_DATABASE_URL is set, again against PostgreSQL in a throwaway database.
const shared = {
  include: ["lib/**/*.test.ts", "components/**/*.test.ts", "tests/**/*.test.ts"],
  // The MCP door's tests and those of the server itself talk HTTP to the built app; they run in
  // the mcp-* projects below.
  exclude: [...configDefaults.exclude, "tests/mcp/**", "tests/server/**"],
  setupFiles: ["tests/support/setup-env.ts"],
  testTimeout: 120_000,
  hookTimeout: 180_000,
  pool: "forks" as const,
};

// The MCP door over HTTP: a global setup creates API tokens, then starts `next start` on the built
// app (`npx next build` first) against a fresh database of the project's kind, and stops it at the end.
// The server tests (health, shutdown, several instances) start servers of their own on the same build.
const mcp = {
  ...shared,
  include: ["tests/mcp/**/*.test.ts", "tests/server/**/*.test.ts"],
  exclude: [...configDefaults.exclude],
};

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      {
        extends: true,
        test: { ...shared, name: "pglite", env: { BRIEFS_TEST_DB: "pglite" } },
      },
      {
        extends: true,
        test: {
          ...mcp,
          name: "mcp-pglite",
          env: { BRIEFS_TEST_DB: "pglite" },
          globalSetup: ["tests/support/mcp-server-global-setup.ts"],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true,
              test: {
                ...shared,
                name: "postgres",
                env: { BRIEFS_TEST_DB: "postgres" },
                globalSetup: ["tests/support/postgres-global-setup.ts"],
                // Pure logic needs no second run.
                include: ["tests/**/*.test.ts"],
              },
            },
            {
              extends: true,
              test: {
                ...mcp,
                name: "mcp-postgres",
                env: { BRIEFS_TEST_DB: "postgres" },
                // Order matters: the server needs the throwaway database the first one provides.
                globalSetup: ["tests/support/postgres-global-setup.ts", "tests/support/mcp-server-global-setup.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
