import type { Prisma } from "@/lib/generated/prisma/client";
import type { Sql } from "./sql";

export type Tx = Prisma.TransactionClient;

/**
 * Writers queue on row and advisory locks, and on the embedded database one transaction
 * runs at a time: waiting is normal under load, so allow far more than Prisma's defaults.
 */
export const transactionOptions = { maxWait: 60_000, timeout: 60_000 } as const;

/** A Prisma transaction as the driver's statement interface (lib/db/sql.ts), for code both kinds of caller share. */
export function sqlOf(tx: Tx): Sql {
  return { query: (text, params = []) => tx.$queryRawUnsafe(text, ...params) };
}
