import { getPrisma } from "@/lib/db/client";
import { transactionOptions, type Tx } from "@/lib/db/transaction";
import { env } from "@/lib/config/env";
import { DomainError } from "@/lib/errors";
import { fingerprint } from "@/lib/briefs/content-hash";
import type { Actor } from "@/lib/auth/actor";
import { maybePurgeExpiredReceipts } from "./purge-expired-receipts";
import type { Prisma } from "@/lib/generated/prisma/client";

export type IdempotentOutcome<T> = { result: T; replayed: boolean; firstSeenAt: string };

/** How a result is kept in its receipt; the default keeps it as is. */
type ReceiptCodec<T> = { store(result: T): unknown; load(tx: Tx, stored: unknown): Promise<T> };

/**
 * Exactly-once writes (docs/contract.md#idempotency). The receipt is written in the transaction of the mutation,
 * so it exists if and only if the mutation committed. Duplicates that arrive together queue on a
 * transaction-scoped advisory lock for (user, tool, key); the first runs, the rest find its receipt.
 */
export async function runIdempotent<T>(
  actor: Actor,
  tool: string,
  args: { idempotencyKey: string } & Record<string, unknown>,
  mutate: (tx: Tx, now: Date) => Promise<T>,
  codec?: ReceiptCodec<T>,
): Promise<IdempotentOutcome<T>> {
  const { idempotencyKey: key, ...rest } = args;
  const print = fingerprint(rest);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`${actor.userId}\u0001${tool}\u0001${key}`}, 0))`;
    const now = new Date();
    const receipt = await tx.idempotencyReceipt.findUnique({
      where: { userId_tool_key: { userId: actor.userId, tool, key } },
    });
    if (receipt && receipt.expiresAt > now) {
      if (receipt.fingerprint !== print) {
        throw new DomainError(
          "IDEMPOTENCY_KEY_REUSED",
          "This idempotency key was already used for a different call of this tool. Use a new key for a new change.",
          { firstUsedAt: receipt.createdAt.toISOString() },
        );
      }
      const result = codec ? await codec.load(tx, receipt.result) : (receipt.result as T);
      return { result, replayed: true, firstSeenAt: receipt.createdAt.toISOString() };
    }
    if (receipt) await tx.idempotencyReceipt.delete({ where: { id: receipt.id } });
    await maybePurgeExpiredReceipts(tx, now);
    const result = await mutate(tx, now);
    const expiresAt = new Date(now.getTime() + env().BRIEFS_RECEIPT_TTL_HOURS * 3_600_000);
    await tx.idempotencyReceipt.create({
      data: { userId: actor.userId, tool, key, fingerprint: print, result: (codec ? codec.store(result) : result) as Prisma.InputJsonValue, createdAt: now, expiresAt },
    });
    return { result, replayed: false, firstSeenAt: now.toISOString() };
  }, transactionOptions);
}
