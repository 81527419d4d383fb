import crypto from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { SqlSession } from "@/lib/db/apply-migrations";
import { pgliteSession, postgresSession } from "@/lib/db/sql-sessions";

export type FreshDatabase = {
  /** Opens another independent session (a new connection on PostgreSQL). */
  session(): Promise<SqlSession>;
  tables(): Promise<string[]>;
  drop(): Promise<void>;
};

/** An empty database of the kind under test, for tests that need to start from zero. */
export async function freshDatabase(): Promise<FreshDatabase> {
  if (process.env.BRIEFS_TEST_DB !== "postgres") {
    const db = await PGlite.create();
    const session = pgliteSession(db);
    return {
      session: async () => session,
      tables: async () => listTables(session),
      drop: () => db.close(),
    };
  }
  const base = process.env.DATABASE_URL!;
  const name = `briefs_fresh_${crypto.randomBytes(4).toString("hex")}`;
  await withClient(base, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  const clients: pg.Client[] = [];
  const session = async () => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    clients.push(client);
    return postgresSession(client);
  };
  return {
    session,
    tables: async () => listTables(await session()),
    drop: async () => {
      await Promise.all(clients.map((c) => c.end()));
      await withClient(base, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function listTables(session: SqlSession): Promise<string[]> {
  const rows = await session.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
  );
  return rows.map((r) => String(r.table_name));
}

/** One short-lived connection to `url` for `fn`. */
export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
