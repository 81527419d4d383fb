/**
 * Runs once when a server starts: open the database now, so migrations are applied (under a
 * lock) and a held embedded database is reported at start rather than on the first request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { openDatabase } = await import("@/lib/db/client");
  await openDatabase();
}
