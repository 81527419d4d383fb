import { getSql } from "@/lib/db/client";

/** How long an event is kept after it was fanned out: the delivery log reaches back this far. */
export const EVENT_RETENTION_DAYS = 30;

/**
 * Deletes events fanned out more than 30 days ago with their settled deliveries, so the outbox does
 * not grow without end. An event with a delivery still pending (an endpoint turned off for a month)
 * is kept until that delivery is settled. Notifications keep their own copy of what they say.
 */
export async function purgeOldEvents(now = new Date()): Promise<number> {
  const sql = await getSql();
  const rows = await sql.query<{ id: string }>(
    `DELETE FROM "OutboxEvent" e
      WHERE e.id IN (SELECT id FROM "OutboxEvent" WHERE "fannedOutAt" < $1::timestamp ORDER BY seq LIMIT 1000)
        AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."eventId" = e.id AND d.status = 'pending')
     RETURNING e.id`,
    [new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000).toISOString()],
  );
  return rows.length;
}
