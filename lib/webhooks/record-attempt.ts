import type { SqlDriver } from "@/lib/db/sql";
import type { PostOutcome } from "./post-webhook";
import { DISABLE_AFTER_MS, nextAttemptAt } from "./retry-schedule";

export type AttemptResult = { delivered: boolean; gaveUp: boolean; endpointDisabled: boolean };

/**
 * Writes what one attempt came to, in one transaction: the delivery's status, code, latency and
 * error, when it is tried next (or that it is given up once its 24 hours are over), and the
 * endpoint's run of failures, which disables it after three days without one success. Only the
 * lease's holder writes: a delivery already settled (by a worker that outlived its lease) stays so.
 */
export async function recordAttempt(
  driver: SqlDriver,
  delivery: { id: string; endpointId: string; attempts: number; retryUntilMs: number },
  outcome: PostOutcome,
  now: Date,
): Promise<AttemptResult> {
  const ok = outcome.error === null;
  const next = ok ? null : nextAttemptAt(delivery.attempts, now);
  const gaveUp = next !== null && next.getTime() > delivery.retryUntilMs;
  const at = now.toISOString();
  return driver.transaction(async (sql) => {
    await sql.query(
      `UPDATE "WebhookDelivery"
          SET status = $2, "responseStatus" = $3, "latencyMs" = $4, "lastError" = $5, "leaseUntil" = NULL,
              "deliveredAt" = CASE WHEN $2 = 'delivered' THEN $6::timestamp ELSE "deliveredAt" END,
              "nextAttemptAt" = COALESCE($7::timestamp, "nextAttemptAt")
        WHERE id = $1 AND status = 'pending'`,
      [delivery.id, ok ? "delivered" : gaveUp ? "failed" : "pending", outcome.status, outcome.latencyMs, outcome.error, at, next && !gaveUp ? next.toISOString() : null],
    );
    if (ok) {
      await sql.lastly(`UPDATE "WebhookEndpoint" SET "failingSince" = NULL WHERE id = $1 AND "failingSince" IS NOT NULL`, [delivery.endpointId]);
      return { delivered: true, gaveUp: false, endpointDisabled: false };
    }
    await sql.query(`UPDATE "WebhookEndpoint" SET "failingSince" = $2::timestamp WHERE id = $1 AND "failingSince" IS NULL`, [delivery.endpointId, at]);
    const [endpoint] = await sql.lastly<{ disabled: boolean }>(
      `UPDATE "WebhookEndpoint" SET enabled = false, "disabledReason" = 'Every delivery failed for 3 days.', "updatedAt" = $2::timestamp
        WHERE id = $1 AND enabled AND "failingSince" <= $3::timestamp
       RETURNING true AS disabled`,
      [delivery.endpointId, at, new Date(now.getTime() - DISABLE_AFTER_MS).toISOString()],
    );
    return { delivered: false, gaveUp, endpointDisabled: Boolean(endpoint?.disabled) };
  });
}
