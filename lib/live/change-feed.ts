import { env } from "@/lib/config/env";
import { openDatabase } from "@/lib/db/client";
import { closeOnShutdown } from "@/lib/server/graceful-shutdown";
import { LIVE_CHANNEL, parseNotification } from "./live-event";
import { publishLive, watchedProjects } from "./live-hub";
import { pollChanges } from "./poll-changes";
import { outsideAnyRequest } from "@/lib/observe/request-context";
import { listenOnPostgres } from "./postgres-listener";

/** How this process hears about changes (docs/operations.md#live-updates). */
type Feed = { listening(): boolean; close(): Promise<void> };

const holder = globalThis as unknown as { __briefsChangeFeed?: Promise<Feed> };

/** How long a signal written down for polling instances is kept, and how often older ones are deleted. */
const SIGNALS_KEPT_MS = 10 * 60_000;
const SIGNALS_PURGE_MS = 5 * 60_000;

/**
 * Starts, once per process, the source that feeds the live hub:
 * - the embedded database: its notifications, in process;
 * - PostgreSQL: one listening connection, on DATABASE_DIRECT_URL when set, else DATABASE_URL;
 * - DATABASE_DIRECT_URL=none: one poll every half second over the projects open streams watch.
 * Every database write announces itself through triggers in the same transaction, so all three
 * see every committed change, whatever instance or code path wrote it.
 */
export function startChangeFeed(): Promise<Feed> {
  // Outside the request that may start it: the feed outlives it, and its log lines are nobody's request.
  holder.__briefsChangeFeed ??= outsideAnyRequest(start).catch((error) => {
    holder.__briefsChangeFeed = undefined;
    throw error;
  });
  return holder.__briefsChangeFeed;
}

function publishPayload(payload: string | undefined): void {
  const event = parseNotification(payload);
  if (event) publishLive(event);
}

async function start(): Promise<Feed> {
  const db = await openDatabase();
  const config = env();
  let feed: Feed;
  if (db.pglite) {
    const unlisten = await db.pglite.listen(LIVE_CHANNEL, publishPayload);
    feed = { listening: () => true, close: () => unlisten().catch(() => {}) };
  } else if (config.DATABASE_DIRECT_URL === "none") {
    const poller = pollChanges(db.sql, watchedProjects, publishLive);
    feed = { listening: () => false, close: async () => poller.stop() };
  } else {
    const listener = listenOnPostgres(config.DATABASE_DIRECT_URL ?? config.DATABASE_URL!, publishPayload, () => publishLive({ kind: "sync" }));
    feed = { listening: listener.connected, close: listener.close };
  }
  // Signals written down for polling instances (poll-changes.ts) are needed for a few minutes only;
  // every instance clears what is older, whatever its own feed.
  const purge = setInterval(() => {
    const before = new Date(Date.now() - SIGNALS_KEPT_MS).toISOString();
    db.sql.query(`DELETE FROM "LiveSignal" WHERE at < $1::timestamptz`, [before]).catch(() => {});
  }, SIGNALS_PURGE_MS);
  purge.unref();
  const withdraw = closeOnShutdown(async () => {
    withdraw();
    clearInterval(purge);
    holder.__briefsChangeFeed = undefined;
    await feed.close();
  });
  return feed;
}
