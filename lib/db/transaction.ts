import type { Prisma } from "@/lib/generated/prisma/client";

export type Tx = Prisma.TransactionClient;

/**
 * Writers queue on row and advisory locks, and on the embedded database one transaction
 * runs at a time: waiting is normal under load, so allow far more than Prisma's defaults.
 */
export const transactionOptions = { maxWait: 60_000, timeout: 60_000 } as const;
