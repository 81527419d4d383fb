/**
 * What a benchmark of the built app sets up before the app starts: a throwaway database (removed
 * when the benchmark ends), a port, the app's environment, and an API token with both scopes made
 * with the operator's command while nothing holds the database yet.
 */
import { createTokenWithAdminCommand, freePort } from "../../tests/support/app-server";
import { createBenchDatabase, type BenchDatabase } from "./bench-database";
import { onCleanup } from "./run-bench";

/** The person every benchmark acts as, through the token named BENCH_TOKEN_NAME. */
export const BENCH_EMAIL = "bench@example.test";
export const BENCH_TOKEN_NAME = "bench";

export type BenchApp = { db: BenchDatabase; port: number; origin: string; url: string; env: Record<string, string>; token: string };

/**
 * The app's environment in a benchmark: its own origin, the build in `distDir`, a fixed secret and
 * no demo data; `more` adds the database's variables and whatever the benchmark needs besides.
 */
export function benchAppEnv(origin: string, distDir: string, more: Record<string, string>): Record<string, string> {
  return {
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
    BRIEFS_SEED_DEMO: "0",
    APP_URL: origin,
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: distDir,
    ...more,
  };
}

/** `rateLimits` is the app's BRIEFS_RATE_LIMITS for the run. */
export async function prepareBenchApp(options: {
  db: "pglite" | "postgres";
  pgUrl: string;
  port?: number;
  distDir: string;
  rateLimits: string;
}): Promise<BenchApp> {
  const db = await createBenchDatabase(options.db, options.pgUrl);
  onCleanup("remove the database", () => db.close());
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const env = benchAppEnv(origin, options.distDir, { ...db.env, BRIEFS_RATE_LIMITS: options.rateLimits });
  const token = await createTokenWithAdminCommand(env, { email: BENCH_EMAIL, scopes: "brief:read,brief:write", name: BENCH_TOKEN_NAME });
  return { db, port, origin, url: `${origin}/api/mcp`, env, token };
}
