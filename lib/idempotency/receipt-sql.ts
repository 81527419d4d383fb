import crypto from "node:crypto";
import type { Actor } from "@/lib/auth/actor";
import { env } from "@/lib/config/env";
import type { Sql } from "@/lib/db/sql";
import { uuid7 } from "@/lib/db/uuid7";
import type { WriteBatch } from "@/lib/db/write-batch";
import { DomainError } from "@/lib/errors";
import { PURGE_SHARE } from "./purge-expired-receipts";
import type { IdempotentOutcome } from "./run-idempotent";

/**
 * Exactly-once (docs/contract.md#idempotency) for the write paths that talk to the driver directly. The same rules
 * as runIdempotent: duplicates queue on a transaction-scoped advisory lock for (user, tool, key),
 * taken with BEGIN; the receipt is written in the transaction of the mutation (in its write batch),
 * so it exists if and only if the mutation committed.
 */

/** How a result is kept in its receipt; the default keeps it as is. */
export type SqlReceiptCodec<T> = { store(result: T): unknown; load(sql: Sql, stored: unknown): Promise<T> };

/** The receipt as the opening statement reads it (see `receiptLookup`). */
export type ReceiptRow = { id: string; fingerprint: string; result: unknown; createdAt: string; live: boolean };

type ReceiptScope = { userId: string; tool: string; key: string };

/** A 64-bit advisory lock key for (user, tool, key). */
export function receiptLockKey({ userId, tool, key }: ReceiptScope): bigint {
  return crypto.createHash("sha256").update(`${userId}\u0001${tool}\u0001${key}`).digest().readBigInt64BE(0);
}

/**
 * A CTE body reading the caller's receipt for this tool and key; `live` is false once it expired.
 * Parameters: $1 user id, $2 tool, $3 key, $4 now.
 */
export const receiptLookup = `SELECT r.id, r.fingerprint, r.result, r."createdAt" AT TIME ZONE 'UTC' AS "createdAt", r."expiresAt" > $4::timestamp AS live
    FROM "IdempotencyReceipt" r WHERE r."userId" = $1 AND r.tool = $2 AND r.key = $3`;

export function receiptLookupParams(scope: ReceiptScope, now: Date): unknown[] {
  return [scope.userId, scope.tool, scope.key, now.toISOString()];
}

/**
 * What a found receipt means: a replay of the stored result, IDEMPOTENCY_KEY_REUSED for other
 * arguments, or (expired) nothing — then it is deleted so this call can store its own.
 */
export async function settleReceipt<T>(
  sql: Sql,
  receipt: ReceiptRow | null,
  fingerprint: string,
  codec?: SqlReceiptCodec<T>,
): Promise<IdempotentOutcome<T> | undefined> {
  if (!receipt) return undefined;
  const firstSeenAt = new Date(receipt.createdAt).toISOString();
  if (!receipt.live) {
    await sql.query(`DELETE FROM "IdempotencyReceipt" WHERE id = $1`, [receipt.id]);
    return undefined;
  }
  if (receipt.fingerprint !== fingerprint) {
    throw new DomainError(
      "IDEMPOTENCY_KEY_REUSED",
      "This idempotency key was already used for a different call of this tool. Use a new key for a new change.",
      { firstUsedAt: firstSeenAt },
    );
  }
  const result = codec ? await codec.load(sql, receipt.result) : (receipt.result as T);
  return { result, replayed: true, firstSeenAt };
}

/** Adds the receipt of a call that ran (and, on a small share of writes, the purge of expired ones). */
export function addReceipt<T>(batch: WriteBatch, actor: Actor, scope: ReceiptScope, fingerprint: string, result: T, now: Date, codec?: SqlReceiptCodec<T>): IdempotentOutcome<T> {
  const expiresAt = new Date(now.getTime() + env().BRIEFS_RECEIPT_TTL_HOURS * 3_600_000);
  batch.add(
    `INSERT INTO "IdempotencyReceipt" (id, "userId", tool, key, fingerprint, result, "createdAt", "expiresAt") VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [uuid7(now.getTime()), actor.userId, scope.tool, scope.key, fingerprint, JSON.stringify(codec ? codec.store(result) : result), now.toISOString(), expiresAt.toISOString()],
  );
  if (Math.random() < PURGE_SHARE) batch.add(`DELETE FROM "IdempotencyReceipt" WHERE "expiresAt" < $1`, [now.toISOString()]);
  return { result, replayed: false, firstSeenAt: now.toISOString() };
}
