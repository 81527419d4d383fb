import { inject } from "vitest";

// Chosen before any module reads the environment (lib/config/env.ts caches it).
process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123";
process.env.BRIEFS_SEED_DEMO = "0";
if (process.env.BRIEFS_TEST_DB === "postgres") {
  process.env.DATABASE_URL = inject("databaseUrl");
} else {
  delete process.env.DATABASE_URL;
  process.env.BRIEFS_DATA_DIR = "memory://";
}
