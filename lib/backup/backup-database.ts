import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Manifest } from "./archive-manifest";
import { exportSnapshot } from "./export-snapshot";
import { writeArchiveFile } from "./write-archive";

/**
 * A backup of a PostgreSQL database, made the way pg_dump makes one: a READ ONLY, REPEATABLE READ
 * transaction is one consistent snapshot, and it takes no lock a writer waits for. One plain
 * connection and one transaction, so it works through a transaction-mode pooler too.
 */
export async function backupPostgres(connectionString: string, out: string): Promise<Manifest> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    try {
      const manifest = await writeArchiveFile(out, (addEntry) =>
        exportSnapshot(async (sql, params) => (await client.query(sql, params)).rows, "postgres", addEntry),
      );
      await client.query("COMMIT");
      return manifest;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A backup of an embedded database folder no other process has open: the folder of a stopped
 * server, or the copy a running server made for this backup (lib/backup/embedded-snapshot.ts).
 * The folder is opened without migrating it: the archive records the schema as it is.
 */
export async function backupPgliteFolder(pgdata: string, out: string): Promise<Manifest> {
  const db = await PGlite.create(pgdata);
  try {
    return await db.transaction(async (tx) => {
      await tx.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      return writeArchiveFile(out, (addEntry) =>
        exportSnapshot(async (sql, params) => (await tx.query<Record<string, unknown>>(sql, params)).rows, "pglite", addEntry),
      );
    });
  } finally {
    await db.close().catch(() => {});
  }
}
