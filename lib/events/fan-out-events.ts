import { getSql } from "@/lib/db/client";
import { uuid7 } from "@/lib/db/uuid7";
import { notifyForEvents, type FannedEvent } from "@/lib/notifications/notify-for-events";
import { markBriefChecksDue, standingEventTypes } from "@/lib/github/mark-checks-due";
import { RETRY_WINDOW_MS } from "@/lib/webhooks/retry-schedule";

/** Taken by the one worker that fans out at a time (any instance); the others skip the turn. */
const FAN_OUT_LOCK = 0x6f7574626f78n; // "outbox"
/** How many events one round takes: a round that took this many leaves more waiting. */
export const FAN_OUT_BATCH = 200;

/**
 * Turns new outbox events into deliveries, one for each endpoint of the event's project that takes
 * its kind, and into the notifications of the people they concern (lib/notifications). A disabled endpoint gets its deliveries too; they wait, and go out in order once it is
 * turned on again, so turning it off loses nothing. One worker at a time, so the events of a brief become deliveries in their
 * outbox order (deliveries then go out in that order: lib/webhooks/lease-deliveries.ts). An event
 * is marked fanned out in the transaction that makes its deliveries: an instance that dies midway
 * leaves nothing half done. Returns how many events it took.
 */
export async function fanOutEvents(now = new Date()): Promise<number> {
  const driver = await getSql();
  return driver.transaction(async (sql) => {
    const [{ locked }] = await sql.query<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock(${FAN_OUT_LOCK.toString()}) AS locked`);
    if (!locked) return 0;
    const pairs = await sql.query<{ eventId: string; seq: string; briefId: string | null; endpointId: string | null }>(
      `WITH fresh AS (SELECT id, seq, type, "projectId", "briefId" FROM "OutboxEvent" WHERE "fannedOutAt" IS NULL ORDER BY seq LIMIT ${FAN_OUT_BATCH})
       SELECT f.id AS "eventId", f.seq::text AS seq, f."briefId", e.id AS "endpointId"
         FROM fresh f
         LEFT JOIN "WebhookEndpoint" e ON e."projectId" = f."projectId" AND (cardinality(e.events) = 0 OR f.type = ANY (e.events))
        ORDER BY f.seq`,
    );
    if (!pairs.length) return 0;
    const deliveries = pairs.filter((p) => p.endpointId !== null);
    const at = now.toISOString();
    const until = new Date(now.getTime() + RETRY_WINDOW_MS).toISOString();
    if (deliveries.length) {
      await sql.query(
        `INSERT INTO "WebhookDelivery" (id, "endpointId", "eventId", "briefId", "eventSeq", "nextAttemptAt", "retryUntil", "createdAt")
         SELECT id, "endpointId", "eventId", "briefId", seq::bigint, $5::timestamp, $6::timestamp, $5::timestamp
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $7::text[]) AS t(id, "endpointId", "eventId", seq, "briefId")
         ON CONFLICT ("endpointId", "eventId") DO NOTHING`,
        [deliveries.map(() => uuid7(now.getTime())), deliveries.map((d) => d.endpointId), deliveries.map((d) => d.eventId), deliveries.map((d) => d.seq), at, until, deliveries.map((d) => d.briefId)],
      );
    }
    const events = [...new Set(pairs.map((p) => p.eventId))];
    const fanned = await sql.query<FannedEvent>(`SELECT id, type, "projectId", "briefId", "actorId", "actorLabel", data FROM "OutboxEvent" WHERE id = ANY ($1::text[]) ORDER BY seq`, [events]);
    await notifyForEvents(sql, fanned.map((e) => ({ ...e, data: typeof e.data === "string" ? JSON.parse(e.data) : e.data })), now);
    // A brief whose standing may have changed makes its pull requests' "Briefs" checks due (lib/github).
    await markBriefChecksDue(sql, fanned.flatMap((e) => (e.briefId && standingEventTypes.has(e.type) ? [e.briefId] : [])), now);
    await sql.lastly(`UPDATE "OutboxEvent" SET "fannedOutAt" = $2::timestamp WHERE id = ANY ($1::text[])`, [events, at]);
    return events.length;
  });
}
