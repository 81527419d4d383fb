import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

type SqlRow = Record<string, unknown>;

/** Statements with positional parameters ($1, $2, …) on one connection. */
export type Sql = {
  query<T extends SqlRow = SqlRow>(text: string, params?: readonly unknown[]): Promise<T[]>;
};

/**
 * The hot write paths talk to the database through the driver itself, next to Prisma: a write is a
 * handful of statements, each one network round trip, with no query engine in between. Unnamed
 * statements only and nothing that outlives a transaction, so a transaction-mode pooler still works.
 */
export type SqlDriver = Sql & {
  /**
   * Runs `fn` in a transaction. `lockKey` takes a transaction-scoped advisory lock first; on
   * PostgreSQL it travels with BEGIN in one round trip (a number, so nothing is quoted into SQL).
   */
  transaction<T>(fn: (sql: Sql) => Promise<T>, options?: { lockKey?: bigint }): Promise<T>;
};

export function postgresDriver(pool: pg.Pool): SqlDriver {
  return {
    async query<T extends SqlRow>(text: string, params?: readonly unknown[]) {
      return (await pool.query(text, params as unknown[] | undefined)).rows as T[];
    },
    async transaction(fn, options) {
      const client = await pool.connect();
      let broken: unknown;
      try {
        const lock = options?.lockKey === undefined ? "" : `; SELECT pg_advisory_xact_lock(${BigInt.asIntN(64, options.lockKey).toString()})`;
        await client.query(`BEGIN${lock}`);
        try {
          const result = await fn({ query: async <T extends SqlRow>(text: string, params?: readonly unknown[]) => (await client.query(text, params as unknown[] | undefined)).rows as T[] });
          await client.query("COMMIT");
          return result;
        } catch (error) {
          await client.query("ROLLBACK").catch((rollbackError) => (broken = rollbackError));
          throw error;
        }
      } finally {
        // A connection whose ROLLBACK failed is in an unknown state: never hand it out again.
        client.release(broken instanceof Error ? broken : undefined);
      }
    },
  };
}

export function pgliteDriver(db: PGlite): SqlDriver {
  return {
    async query<T extends SqlRow>(text: string, params?: readonly unknown[]) {
      return (await db.query<T>(text, params as unknown[] | undefined)).rows;
    },
    transaction(fn, options) {
      return db.transaction(async (tx) => {
        const sql: Sql = { query: async <T extends SqlRow>(text: string, params?: readonly unknown[]) => (await tx.query<T>(text, params as unknown[] | undefined)).rows };
        // One connection serialises every transaction here; the lock only keeps the code path the same.
        if (options?.lockKey !== undefined) await sql.query("SELECT pg_advisory_xact_lock($1)", [BigInt.asIntN(64, options.lockKey).toString()]);
        return fn(sql);
      });
    },
  };
}
