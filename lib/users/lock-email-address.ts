import type { Tx } from "@/lib/db/transaction";

/**
 * Serializes, per email address, everything that decides between a membership and an invitation:
 * an owner adding the address, and the address being confirmed (link, outside provider, operator).
 * Without it an invitation written while the address is being confirmed could be left behind,
 * never to be accepted. The lock is transaction-scoped and taken before any row lock.
 */
export async function lockEmailAddress(tx: Tx, email: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`briefs/email\u0001${email}`}, 0))`;
}
