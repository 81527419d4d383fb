import { getPrisma } from "@/lib/db/client";
import { nextAttemptAt } from "@/lib/webhooks/retry-schedule";
import { processPullRequest } from "./process-pull-request";
import type { PullRequestPayload } from "./pull-request-event";

/** How long a worker holds a delivery it processes; one that died lets go when this passes. */
const LEASE_MS = 60_000;
/** After this many failed attempts (about a day, by the retry schedule) a delivery is given up, with its last error kept. */
export const MAX_ATTEMPTS = 8;

/**
 * Processes up to `limit` stored deliveries that are due, oldest first; returns how many were
 * taken. Workers on several instances share them through leases (SKIP LOCKED). A failure is tried
 * again later, on the outbox's schedule (lib/webhooks/retry-schedule.ts).
 */
export async function processDueDeliveries(limit = 20): Promise<number> {
  const prisma = await getPrisma();
  const now = new Date();
  const leased = await prisma.$queryRawUnsafe<Array<{ id: string; event: string; payload: unknown; attempts: number; receivedAt: Date | string }>>(
    `WITH due AS (
       SELECT id FROM "GithubDelivery"
        WHERE "processedAt" IS NULL AND "nextAttemptAt" <= $1::timestamp AND ("leaseUntil" IS NULL OR "leaseUntil" <= $1::timestamp)
        ORDER BY "receivedAt", id LIMIT $3
        FOR UPDATE SKIP LOCKED)
     UPDATE "GithubDelivery" d SET "leaseUntil" = $2::timestamp, attempts = d.attempts + 1
       FROM due WHERE d.id = due.id
     RETURNING d.id, d.event, d.payload, d.attempts, d."receivedAt"`,
    now.toISOString(),
    new Date(now.getTime() + LEASE_MS).toISOString(),
    limit,
  );
  for (const delivery of leased.sort((a, b) => new Date(a.receivedAt).getTime() - new Date(b.receivedAt).getTime())) {
    try {
      const payload = (typeof delivery.payload === "string" ? JSON.parse(delivery.payload) : delivery.payload) as PullRequestPayload;
      if (delivery.event === "pull_request") await processPullRequest(delivery.id, payload);
      await prisma.githubDelivery.update({ where: { id: delivery.id }, data: { processedAt: new Date(), leaseUntil: null, lastError: null } });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const givenUp = delivery.attempts >= MAX_ATTEMPTS;
      if (givenUp) console.error(`GitHub delivery ${delivery.id} failed ${delivery.attempts} times and is given up:`, message);
      await prisma.githubDelivery.update({
        where: { id: delivery.id },
        data: { leaseUntil: null, lastError: message.slice(0, 2000), nextAttemptAt: nextAttemptAt(delivery.attempts, new Date()), ...(givenUp && { processedAt: new Date() }) },
      });
    }
  }
  return leased.length;
}
