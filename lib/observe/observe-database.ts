import type pg from "pg";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SqlDriver } from "@/lib/db/sql";
import { metrics, metricsOn, secondsSince } from "./metrics";

/**
 * The database's handles with their work timed into briefs_db_query_duration_seconds, when metrics
 * are on (otherwise the handles as they are, at no cost). Prisma is timed per operation
 * ("IdempotencyReceipt.findUnique": the model as the schema names it; its statements included), the
 * write paths' driver per statement and per transaction.
 */
export function timedPrisma(prisma: PrismaClient): PrismaClient {
  if (!metricsOn()) return prisma;
  const { dbDuration } = metrics();
  return prisma.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        const started = performance.now();
        try {
          return await query(args);
        } finally {
          dbDuration.observe({ client: "prisma", operation: `${model ?? "raw"}.${operation}` }, secondsSince(started));
        }
      },
    },
    // The extended client is used wherever a PrismaClient is: its queries are the same, only timed.
  }) as unknown as PrismaClient;
}

export function timedSql(driver: SqlDriver): SqlDriver {
  if (!metricsOn()) return driver;
  const { dbDuration } = metrics();
  const timed = async <T>(operation: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      dbDuration.observe({ client: "sql", operation }, secondsSince(started));
    }
  };
  return {
    query: (text, params) => timed("statement", () => driver.query(text, params)),
    transaction: (fn, options) => timed("transaction", () => driver.transaction(fn, options)),
  };
}

const holder = globalThis as unknown as { __briefsWatchedPool?: pg.Pool };

/** The PostgreSQL pool whose use /api/metrics reports (lib/db/client.ts). */
export function watchPool(pool: pg.Pool): void {
  holder.__briefsWatchedPool = pool;
}

export function watchedPool(): pg.Pool | undefined {
  return holder.__briefsWatchedPool;
}
