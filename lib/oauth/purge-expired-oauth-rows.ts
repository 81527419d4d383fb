import type { Tx } from "@/lib/db/transaction";

// Like idempotency receipts: purged on a small share of token requests, so no scheduler is needed.
const PURGE_SHARE = 0.02;
const DAY_MS = 24 * 60 * 60_000;
/** Expired tokens are kept a week so a late replay still reads as "expired", not "unknown". */
const TOKEN_KEEP_MS = 7 * DAY_MS;
const CODE_KEEP_MS = DAY_MS;
/** Self-registered clients nobody authorized within a month are forgotten. */
const UNUSED_CLIENT_MS = 30 * DAY_MS;

export async function maybePurgeExpiredOAuthRows(tx: Tx, now: Date, random = Math.random): Promise<number> {
  if (random() >= PURGE_SHARE) return 0;
  const codes = await tx.oAuthAuthorizationCode.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - CODE_KEEP_MS) } } });
  const tokens = await tx.oAuthToken.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - TOKEN_KEEP_MS) } } });
  const clients = await tx.oAuthClient.deleteMany({
    where: { kind: "dcr", createdAt: { lt: new Date(now.getTime() - UNUSED_CLIENT_MS) }, grants: { none: {} } },
  });
  return codes.count + tokens.count + clients.count;
}
