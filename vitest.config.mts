import path from "node:path";
import { defineConfig } from "vitest/config";

// Every database test runs against the embedded database (PGlite, in memory, one per test file)
// and, when TEST_DATABASE_URL is set, again against PostgreSQL in a throwaway database.
const shared = {
  include: ["lib/**/*.test.ts", "tests/**/*.test.ts"],
  setupFiles: ["tests/support/setup-env.ts"],
  testTimeout: 120_000,
  hookTimeout: 180_000,
  pool: "forks" as const,
};

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      {
        extends: true,
        test: { ...shared, name: "pglite", env: { BRIEFS_TEST_DB: "pglite" } },
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
          ]
        : []),
    ],
  },
});
