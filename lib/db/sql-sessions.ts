import type { PGlite } from "@electric-sql/pglite";
import type { Client } from "pg";
import type { SqlSession } from "./apply-migrations";

// Any fixed number works; all instances must agree on it. This is the one Prisma Migrate uses.
const MIGRATION_LOCK_KEY = 72707369;
/** Taken, transaction-scoped, by whatever changes the schema: migrations here, and a restore (lib/backup). */
export const TAKE_LOCK = `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;

export function pgliteSession(db: PGlite): SqlSession {
  return {
    async query(sql, params) {
      return (await db.query<Record<string, unknown>>(sql, params)).rows;
    },
    // One process owns an embedded data folder (see data-dir-lock.ts); the lock keeps one code path.
    locked(fn) {
      return db.transaction(async (tx) => {
        await tx.query(TAKE_LOCK);
        return fn({
          query: async (sql, params) => (await tx.query<Record<string, unknown>>(sql, params)).rows,
          script: async (sql) => void (await tx.exec(sql)),
        });
      });
    },
  };
}

/** `client` is a connection of the session's own, directly to PostgreSQL or through a pooler. */
export function postgresSession(client: Client): SqlSession {
  const query = async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as Array<Record<string, unknown>>;
  return {
    query,
    async locked(fn) {
      // Read committed whatever the database's default: what this transaction reads after the
      // lock must include what the instance that held the lock before it committed.
      await client.query("BEGIN ISOLATION LEVEL READ COMMITTED");
      try {
        await client.query(TAKE_LOCK);
        const result = await fn({ query, script: async (sql) => void (await client.query(sql)) });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    },
  };
}
