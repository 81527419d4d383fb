import type { PGlite } from "@electric-sql/pglite";
import type { Client } from "pg";
import type { SqlSession } from "./apply-migrations";

// Any fixed number works; all instances must agree on it. This is the one Prisma Migrate uses.
const MIGRATION_LOCK_KEY = 72707369;

export function pgliteSession(db: PGlite): SqlSession {
  return {
    async query(sql, params) {
      return (await db.query<Record<string, unknown>>(sql, params)).rows;
    },
    async atomically(script, after) {
      await db.transaction(async (tx) => {
        await tx.exec(script);
        await after({
          query: async (sql, params) => (await tx.query<Record<string, unknown>>(sql, params)).rows,
          atomically: () => Promise.reject(new Error("nested transaction")),
          exclusive: (fn) => fn(),
        });
      });
    },
    // One process owns an embedded data folder (see data-dir-lock.ts).
    exclusive: (fn) => fn(),
  };
}

/** `client` must be a dedicated connection: session-level advisory locks belong to it. */
export function postgresSession(client: Client): SqlSession {
  const session: SqlSession = {
    async query(sql, params) {
      return (await client.query(sql, params as unknown[] | undefined)).rows;
    },
    async atomically(script, after) {
      await client.query("BEGIN");
      try {
        await client.query(script);
        await after(session);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    },
    async exclusive(fn) {
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      try {
        return await fn();
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      }
    },
  };
  return session;
}
