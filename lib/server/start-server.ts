import { env } from "@/lib/config/env";
import { openDatabase } from "@/lib/db/client";
import { DataDirInUseError } from "@/lib/db/data-dir-lock";
import { startDeliveryWorker } from "@/lib/events/delivery-worker";
import { startGithubWorker } from "@/lib/github/github-worker";
import { startChangeFeed } from "@/lib/live/change-feed";
import { stampClientAddresses } from "./client-address";
import { drainHttpServersOnShutdown } from "./graceful-shutdown";
import { answerMcpAheadOfNext } from "./mcp-ahead-of-next";
import { listenForAdmin } from "@/lib/backup/admin-socket";
import { startScheduledBackups } from "@/lib/backup/scheduled-backups";
import { MigrationFailedError } from "@/lib/db/apply-migrations";
import { recordStartupFailure } from "./startup-failure";
import { sendConsoleToLog } from "@/lib/observe/console-to-log";
import { registerDatabaseGauges } from "@/lib/observe/database-gauges";
import { metricsOn } from "@/lib/observe/metrics";
import { observeRequests } from "@/lib/observe/observe-requests";
import { serveMetricsOnLoopback } from "@/lib/observe/serve-metrics";
import { flushTracing, tracingWanted } from "@/lib/observe/tracing";
import { closeOnShutdown } from "./graceful-shutdown";

/**
 * What a server process does once at start (instrumentation.ts): log in JSON lines, trace and count
 * requests where configured (lib/observe), stamp each request with the client address the rate
 * limits use, take over shutdown, in production answer MCP calls ahead of
 * Next's router, and open the database now, so migrations are applied (under a lock) and a held
 * embedded database stops the server at start rather than failing the first request.
 */
export async function startServer(): Promise<void> {
  sendConsoleToLog();
  if (tracingWanted()) {
    const { startTracing } = await import("@/lib/observe/start-tracing");
    // The spans still buffered are sent before the process ends.
    if (startTracing()) closeOnShutdown(flushTracing);
  }
  observeRequests();
  if (metricsOn()) registerDatabaseGauges();
  const metricsPort = env().BRIEFS_METRICS_PORT;
  if (metricsPort) serveMetricsOnLoopback(metricsPort);
  stampClientAddresses(env().BRIEFS_TRUST_PROXY);
  if (process.env.NODE_ENV === "production") answerMcpAheadOfNext();
  // Next's own signal handler exits as soon as the server has closed, before the database can be:
  // `npm start` switches it off with NEXT_MANUAL_SIG_HANDLE so this one runs.
  if (process.env.NEXT_MANUAL_SIG_HANDLE) drainHttpServersOnShutdown();
  else if (process.env.NODE_ENV === "production") {
    console.warn("NEXT_MANUAL_SIG_HANDLE is unset: on SIGTERM the database may close before requests in flight finish.");
  }
  try {
    const db = await openDatabase();
    // `npm run admin -- backup` reaches the holder of an embedded database this way (lib/backup).
    if (db.pglite && !env().inMemory) {
      await listenForAdmin(env().dataDir, db.pglite).catch((error: unknown) =>
        console.error("Backups while the server runs are unavailable: the admin socket could not be opened:", error instanceof Error ? error.message : error),
      );
    }
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    if (error instanceof MigrationFailedError) {
      // The migration rolled back, so the data is as it was; nothing is served until it is fixed.
      console.error(`${error.message}\nThe data is as it was before this start. Fix the migration or go back to the previous release; /api/health names the migration meanwhile.`);
      recordStartupFailure({ migration: error.migration, message: error.message });
      return;
    }
    // A database that is down or not migrated yet may come back: stay up, answer /api/health with
    // 503 meanwhile, and open it on a later request (a failed open is tried again). The change feed
    // then starts with the first stream.
    console.error("The database could not be opened at start:", error instanceof Error ? error.message : error);
    // Events in the outbox still go out once it is back, and GitHub's deliveries are processed: the workers keep trying, more slowly.
    startGithubWorker();
    return startDeliveryWorker();
  }
  try {
    // Live updates are heard from the start, for browser streams and MCP subscriptions alike.
    await startChangeFeed();
  } catch (error) {
    // Each stream tries again as it opens (lib/live/live-stream.ts); pages catch up by their stamp meanwhile.
    console.error("Live updates could not be started:", error instanceof Error ? error.message : error);
  }
  // Events in the outbox go out from every instance (lib/events).
  startDeliveryWorker();
  // Stored GitHub deliveries are processed by every instance too (lib/github).
  startGithubWorker();
  startScheduledBackups();
}
