import type { Tx } from "@/lib/db/transaction";

// Purging on a small share of writes keeps the table bounded without a scheduler, which a
// fleet of stateless instances (or the embedded database) would otherwise need.
export const PURGE_SHARE = 0.02;

export async function maybePurgeExpiredReceipts(tx: Tx, now: Date, random = Math.random): Promise<number> {
  if (random() >= PURGE_SHARE) return 0;
  const { count } = await tx.idempotencyReceipt.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}
