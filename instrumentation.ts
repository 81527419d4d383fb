/**
 * Runs once when a server starts: stamp each request with the client address the rate limits use,
 * take over shutdown (see lib/server/graceful-shutdown.ts), and open the database now, so
 * migrations are applied (under a lock) and a held embedded database stops the server at start
 * rather than failing the first request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { env } = await import("@/lib/config/env");
  const { stampClientAddresses } = await import("@/lib/server/client-address");
  const { drainHttpServersOnShutdown } = await import("@/lib/server/graceful-shutdown");
  stampClientAddresses(env().BRIEFS_TRUST_PROXY);
  // Next's own signal handler exits as soon as the server has closed, before the database can be:
  // `npm start` switches it off with NEXT_MANUAL_SIG_HANDLE so this one runs.
  if (process.env.NEXT_MANUAL_SIG_HANDLE) drainHttpServersOnShutdown();
  else if (process.env.NODE_ENV === "production") {
    console.warn("NEXT_MANUAL_SIG_HANDLE is unset: on SIGTERM the database may close before requests in flight finish.");
  }
  const { openDatabase } = await import("@/lib/db/client");
  const { DataDirInUseError } = await import("@/lib/db/data-dir-lock");
  try {
    await openDatabase();
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    // A database that is down or not migrated yet may come back: stay up, answer /api/health with
    // 503 meanwhile, and open it on a later request (a failed open is tried again).
    console.error("The database could not be opened at start:", error instanceof Error ? error.message : error);
  }
}
