import type { Sql } from "@/lib/db/sql";
import { parseNotification, type LiveEvent } from "./live-event";
import { PRESENCE_WINDOW_MS } from "./presence/presence-window";

export const POLL_INTERVAL_MS = 500;
/**
 * How far back a poll looks. A brief's `updatedAt` is stamped by the writing instance before its
 * commit, so a change becomes visible up to a transaction's length after that time, and instances'
 * clocks differ a little: two minutes covers both with room to spare, and stays a small index range.
 */
const LOOKBACK_MS = 120_000;
/** Instances' clocks differ a little: a brief first seen this soon before a project was watched is announced anyway. */
const CLOCK_MARGIN_MS = 5_000;

/** `ready`: the first poll has read what was there (what comes after it is announced). */
type Poller = { stop(): void; ready: Promise<void> };

/**
 * The fallback when nothing can LISTEN (DATABASE_DIRECT_URL=none): one poll per process, not one per
 * tab, every half second, over the projects this process's streams watch. It reads the briefs
 * changed lately and who is present, and publishes what differs from the last poll, as the
 * database's notifications would have, and the person-scoped signals the database writes down for
 * it. It cannot tell whether a change touched a brief's proposals, so every change is also announced
 * as a possible one (`proposals`).
 */
export function pollChanges(sql: Sql, watched: () => Map<string, number>, publish: (event: LiveEvent) => void): Poller {
  // Each brief's change count and what its title and state were, as last seen.
  const seqs = new Map<string, { seq: number; head: string }>();
  const presence = new Map<string, { who: string; projectId: string }>();
  const polled = new Set<string>();
  // The person-scoped signals seen within the lookback (by id), and whether the first poll has read them.
  let signals = new Set<string>();
  let signalsRead = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  // Memberships, notifications and ended credentials, which the database also writes down for pollers
  // ("LiveSignal"). Read whatever projects are watched: a person with none yet may just be added to one.
  // Ids are not in commit order, so the lookback is read whole and what is new by id is published;
  // what was there before the first poll is not (every stream opens with `sync`).
  const pollSignals = async (window: string) => {
    const rows = await sql.query<{ id: string; userId: string; kind: string }>(`SELECT id::text AS id, "userId", kind FROM "LiveSignal" WHERE at > $1::timestamptz`, [window]);
    const seen = new Set(rows.map((row) => row.id));
    for (const row of rows) {
      if (!signalsRead || signals.has(row.id)) continue;
      const event = parseNotification(JSON.stringify({ k: row.kind, u: row.userId }));
      if (event) publish(event);
    }
    signals = seen;
    signalsRead = true;
  };

  const poll = async () => {
    const window = new Date(Date.now() - LOOKBACK_MS).toISOString();
    await pollSignals(window);
    const since = watched();
    const projects = [...since.keys()];
    if (!projects.length) return;
    const present = new Date(Date.now() - PRESENCE_WINDOW_MS).toISOString();
    const [briefs, tabs] = await Promise.all([
      sql.query<{ id: string; projectId: string; changeSeq: number; updatedAt: Date; title: string; state: string }>(
        `SELECT id, "projectId", "changeSeq", "updatedAt", title, state FROM "Brief" WHERE "projectId" = ANY($1::text[]) AND "updatedAt" > $2::timestamptz`,
        [projects, window],
      ),
      sql.query<{ briefId: string; projectId: string; who: string }>(
        `SELECT "briefId", "projectId", string_agg("userId" || '/' || "tabId" || '/' || coalesce(section, ''), ',' ORDER BY "userId", "tabId") AS who
           FROM "Presence" WHERE "projectId" = ANY($1::text[]) AND "seenAt" > $2::timestamptz GROUP BY 1, 2`,
        [projects, present],
      ),
    ]);
    const seenBriefs = new Set<string>();
    for (const brief of briefs) {
      seenBriefs.add(brief.id);
      const known = seqs.get(brief.id);
      const head = `${brief.state}\n${brief.title}`;
      seqs.set(brief.id, { seq: brief.changeSeq, head });
      // A brief not seen before changed lately: announced if that was after its project was watched
      // (the stream's opening sync covered anything earlier).
      const fresh = new Date(brief.updatedAt).getTime() > (since.get(brief.projectId) ?? Infinity) - CLOCK_MARGIN_MS;
      if (known === undefined ? fresh : brief.changeSeq > known.seq) {
        const event = { kind: "brief", briefId: brief.id, projectId: brief.projectId, seq: brief.changeSeq } as const;
        publish(known?.head === head ? event : { ...event, titleOrState: true });
        publish({ kind: "proposals", briefId: brief.id, projectId: brief.projectId });
      }
    }
    // A brief that left the window changes again only with a newer updatedAt, and is then new here.
    for (const id of seqs.keys()) if (!seenBriefs.has(id)) seqs.delete(id);
    const seenTabs = new Set<string>();
    for (const row of tabs) {
      seenTabs.add(row.briefId);
      const known = presence.get(row.briefId);
      if (known ? known.who !== row.who : polled.has(row.projectId)) publish({ kind: "presence", briefId: row.briefId, projectId: row.projectId });
      presence.set(row.briefId, { who: row.who, projectId: row.projectId });
    }
    // Everyone left (or their tabs went quiet and expired).
    for (const [briefId, { projectId }] of presence) {
      if (seenTabs.has(briefId)) continue;
      presence.delete(briefId);
      publish({ kind: "presence", briefId, projectId });
    }
    for (const id of projects) polled.add(id);
  };

  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const loop = async () => {
    try {
      await poll();
      markReady();
    } catch (error) {
      console.warn("[live] a poll failed:", error instanceof Error ? error.message : error);
    }
    if (!stopped) {
      timer = setTimeout(() => void loop(), POLL_INTERVAL_MS);
      timer.unref();
    }
  };
  void loop();
  return {
    ready,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
