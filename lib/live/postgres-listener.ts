import pg from "pg";
import { LIVE_CHANNEL } from "./live-event";

export type Listener = { close(): Promise<void>; connected(): boolean };

const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5_000;

/**
 * One connection per process that only listens: it sends its LISTEN and nothing else, so operators
 * find it in pg_stat_activity (application_name `briefs-live`, last query `LISTEN briefs_live`).
 * TCP keepalive notices a connection that died silently. Nothing is replayed by PostgreSQL after a
 * reconnect, so `onListening` runs after every (re)connect: that is where subscribers are told to
 * check what they show (a `sync`).
 */
export function listenOnPostgres(connectionString: string, onPayload: (payload: string | undefined) => void, onListening: () => void): Listener {
  let client: pg.Client | undefined;
  let closed = false;
  let live = false;
  let delay = RETRY_FIRST_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const retry = (reason: unknown) => {
    live = false;
    if (closed || timer) return;
    console.warn(`[live] the listening connection is down (${reason instanceof Error ? reason.message : String(reason)}); reconnecting in ${delay} ms`);
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  };

  const connect = async () => {
    const own = new pg.Client({ connectionString, keepAlive: true, keepAliveInitialDelayMillis: 10_000, application_name: "briefs-live" });
    client = own;
    own.on("error", (error) => {
      if (client === own) retry(error);
    });
    own.on("end", () => {
      if (client === own) retry("connection ended");
    });
    own.on("notification", (message) => {
      if (message.channel === LIVE_CHANNEL) onPayload(message.payload);
    });
    try {
      await own.connect();
      await own.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      own.end().catch(() => {});
      if (client === own) retry(error);
      return;
    }
    if (closed) return void own.end().catch(() => {});
    live = true;
    delay = RETRY_FIRST_MS;
    onListening();
  };

  void connect();
  return {
    connected: () => live,
    async close() {
      closed = true;
      clearTimeout(timer);
      const own = client;
      client = undefined;
      await own?.end().catch(() => {});
    },
  };
}
