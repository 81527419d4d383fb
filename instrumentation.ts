/** Runs once when a server starts; what it does is in lib/server/start-server.ts. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServer } = await import("@/lib/server/start-server");
  await startServer();
}
