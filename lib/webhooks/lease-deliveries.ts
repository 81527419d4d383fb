import type { Sql } from "@/lib/db/sql";

export type LeasedDelivery = {
  id: string;
  endpointId: string;
  url: string;
  secretSealed: string;
  attempts: number;
  retryUntilMs: number;
  event: { id: string; type: string; projectId: string; briefId: string | null; versionNum: number | null; actorId: string | null; actorLabel: string; data: unknown; createdAtMs: number };
};

/**
 * Leases up to `limit` deliveries that are due, for `leaseMs`, without waiting on other workers
 * (SKIP LOCKED: rows another worker is leasing are passed over). A delivery is due only when no
 * earlier delivery of the same brief to the same endpoint is still pending: one brief's events
 * reach an endpoint in outbox order, one at a time, while other briefs' go out beside them.
 * A lease that ran out (its worker died) makes the delivery due again.
 */
export async function leaseDeliveries(sql: Sql, now: Date, leaseMs: number, limit: number): Promise<LeasedDelivery[]> {
  const at = now.toISOString();
  const leased = await sql.query<{ id: string }>(
    `WITH due AS (
       SELECT d.id FROM "WebhookDelivery" d JOIN "WebhookEndpoint" e ON e.id = d."endpointId"
        WHERE d.status = 'pending' AND e.enabled AND d."nextAttemptAt" <= $1::timestamp AND (d."leaseUntil" IS NULL OR d."leaseUntil" <= $1::timestamp)
          AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" p
                           WHERE p."endpointId" = d."endpointId" AND p."briefId" = d."briefId" AND p."eventSeq" < d."eventSeq" AND p.status = 'pending')
        ORDER BY d."eventSeq" LIMIT $3
        FOR UPDATE OF d SKIP LOCKED)
     UPDATE "WebhookDelivery" d SET "leaseUntil" = $2::timestamp, attempts = d.attempts + 1, "lastAttemptAt" = $1::timestamp
       FROM due WHERE d.id = due.id
     RETURNING d.id`,
    [at, new Date(now.getTime() + leaseMs).toISOString(), limit],
  );
  if (!leased.length) return [];
  const rows = await sql.query<Omit<LeasedDelivery, "event"> & { event: LeasedDelivery["event"] }>(
    `SELECT d.id, d."endpointId", e.url, e."secretSealed", d.attempts,
            (extract(epoch FROM d."retryUntil") * 1000)::float8 AS "retryUntilMs",
            json_build_object('id', v.id, 'type', v.type, 'projectId', v."projectId", 'briefId', v."briefId", 'versionNum', v."versionNum",
                              'actorId', v."actorId", 'actorLabel', v."actorLabel", 'data', v.data,
                              'createdAtMs', (extract(epoch FROM v."createdAt") * 1000)::float8) AS event
       FROM "WebhookDelivery" d JOIN "WebhookEndpoint" e ON e.id = d."endpointId" JOIN "OutboxEvent" v ON v.id = d."eventId"
      WHERE d.id = ANY ($1::text[])
      ORDER BY d."eventSeq"`,
    [leased.map((row) => row.id)],
  );
  return rows.map((row) => ({ ...row, retryUntilMs: Number(row.retryUntilMs), event: typeof row.event === "string" ? JSON.parse(row.event) : row.event }));
}
