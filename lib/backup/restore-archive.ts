import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { ensureMigrationTable, runMigration, type MigrationTransaction } from "@/lib/db/apply-migrations";
import { readMigrationFiles, type MigrationFile } from "@/lib/db/migration-files";
import { lockDataDir } from "@/lib/db/data-dir-lock";
import { TAKE_LOCK } from "@/lib/db/sql-sessions";
import { MANIFEST_ENTRY, sha256, type Manifest } from "./archive-manifest";
import { ArchiveRefusedError, readEntries, verifyArchive } from "./read-archive";
import { flushToDisk } from "./write-archive";

export type RestoreTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };
export type RestoreReport = { manifest: Manifest; migratedForward: string[] };


/**
 * `npm run admin -- restore FILE`: loads an archive into an empty database and leaves it as the
 * archive's database was, at this code's schema.
 *
 * The archive is checked whole before anything is written (verifyArchive). The load is all or
 * nothing: on PostgreSQL one transaction creates the schema as the archive's code had it, loads
 * every row, and migrates forward; killed or failed, it leaves the database as empty as it was.
 * The embedded database is built in a folder beside the target and renamed into place at the end.
 */
export async function restoreArchive(file: string, target: RestoreTarget): Promise<RestoreReport> {
  const manifest = await verifyArchive(file);
  const plan = planMigrations(manifest, readMigrationFiles());
  if (target.kind === "postgres") await restoreIntoPostgres(file, manifest, plan, target.url);
  else await restoreIntoFolder(file, manifest, plan, target.dataDir);
  return { manifest, migratedForward: plan.forward.map((f) => f.name) };
}

type Plan = { atArchive: MigrationFile[]; forward: MigrationFile[] };

/** The archive's schema must be one this code passed through: its migrations, in order, are the first of ours. */
function planMigrations(manifest: Manifest, files: MigrationFile[]): Plan {
  const known = new Set(files.map((f) => f.name));
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  if (unknown.length) {
    throw new ArchiveRefusedError(
      `This archive was made by a newer version of Briefs: its schema includes ${unknown.join(", ")}, which this code does not know ` +
        `(its last migration is ${files[files.length - 1]?.name}). Upgrade Briefs, then restore.`,
    );
  }
  const prefix = files.slice(0, manifest.migrations.length);
  if (prefix.some((f, i) => f.name !== manifest.migrations[i])) {
    throw new ArchiveRefusedError("This archive's migrations do not follow this code's history, so its schema cannot be rebuilt. Nothing was restored.");
  }
  return { atArchive: prefix, forward: files.slice(manifest.migrations.length) };
}

type Transaction = MigrationTransaction;

async function restoreIntoPostgres(file: string, manifest: Manifest, plan: Plan, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tx: Transaction = {
    query: async (sql, params) => (await client.query(sql, params)).rows,
    script: async (sql) => void (await client.query(sql)),
  };
  try {
    await client.query("BEGIN ISOLATION LEVEL READ COMMITTED");
    try {
      // The migration runner's lock: a server starting on the target waits for the restore.
      await tx.query(TAKE_LOCK);
      const [{ tables }] = (await tx.query(
        `SELECT count(*)::int AS tables FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm')`,
      )) as Array<{ tables: number }>;
      if (tables > 0) throw new ArchiveRefusedError(`The database of DATABASE_URL is not empty (it has ${tables} table(s)). A restore goes only into an empty database; nothing was written.`);
      await load(tx, file, manifest, plan);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    }
  } finally {
    await client.end().catch(() => {});
  }
}

async function restoreIntoFolder(file: string, manifest: Manifest, plan: Plan, dataDir: string): Promise<void> {
  const pgdata = path.join(dataDir, "pgdata");
  const holdsDatabase = () => fs.existsSync(path.join(pgdata, "PG_VERSION"));
  const refusal = () => new ArchiveRefusedError(`${dataDir} already holds an embedded database. A restore goes only into an empty folder; nothing was written.`);
  if (holdsDatabase()) throw refusal();
  const existed = fs.existsSync(dataDir);
  // Also keeps a server from opening the folder while it is being filled.
  const lock = await lockDataDir(dataDir);
  // Checked again under the lock: another restore may have finished in between.
  if (holdsDatabase()) {
    lock.release();
    throw refusal();
  }
  const staging = path.join(dataDir, `pgdata.restoring-${crypto.randomBytes(4).toString("hex")}`);
  try {
    for (const name of fs.readdirSync(dataDir)) {
      if (name.startsWith("pgdata.restoring-")) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
    const db = await PGlite.create(staging);
    try {
      await db.transaction(async (t) => {
        await load(
          { query: async (sql, params) => (await t.query<Record<string, unknown>>(sql, params)).rows, script: async (sql) => void (await t.exec(sql)) },
          file,
          manifest,
          plan,
        );
      });
    } finally {
      await db.close();
    }
    // PGlite runs with fsync off: what it wrote may still be only in the page cache. On disk before it counts.
    await flushFolder(staging);
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.renameSync(staging, pgdata);
    await flushToDisk(dataDir);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
    if (!existed) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  lock.release();
}

/**
 * Inside the one transaction: the schema as the archive's code made it, then the rows, then
 * the migrations since. Rows point at each other (a version at its brief, a brief at its
 * project, some rows at rows of their own table), so the foreign keys are set aside while the
 * rows go in and added back at the end, which checks every row against them at once, as
 * pg_restore does. Triggers are off meanwhile: restored rows are not news to announce.
 */
async function load(tx: Transaction, file: string, manifest: Manifest, plan: Plan): Promise<void> {
  await ensureMigrationTable(tx);
  for (const migration of plan.atArchive) await runMigration(tx, migration);
  await remakeEnumTypes(tx, plan.atArchive);
  const present = new Set(
    (await tx.query(`SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`)).map((r) =>
      String(r.relname),
    ),
  );
  const missing = manifest.tables.filter((t) => !present.has(t.name)).map((t) => t.name);
  if (missing.length) throw new ArchiveRefusedError(`The archive holds table(s) its own schema lacks (${missing.join(", ")}): it is not one this code wrote.`);
  const foreignKeys = (await tx.query(
    `SELECT conrelid::regclass::text AS "table", conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace ORDER BY 1, 2`,
  )) as Array<{ table: string; name: string; definition: string }>;
  for (const fk of foreignKeys) await tx.query(`ALTER TABLE ${fk.table} DROP CONSTRAINT "${fk.name}"`);
  for (const table of manifest.tables) await tx.query(`ALTER TABLE "${table.name}" DISABLE TRIGGER USER`);

  const expected = new Map(manifest.tables.flatMap((t) => t.entries.map((e) => [e.name, { table: t.name, sha256: e.sha256 }] as const)));
  // One entry's rows go in while the next is read, unpacked and checked: the database is kept busy.
  let inserting: Promise<unknown> = Promise.resolve();
  try {
    for await (const { name, bytes } of readEntries(file)) {
      if (name === MANIFEST_ENTRY) continue;
      const entry = expected.get(name);
      // Read a second time, so checked a second time: the file may have changed since the first.
      if (!entry || sha256(bytes) !== entry.sha256) throw new ArchiveRefusedError(`${file} changed while it was being restored. Nothing was restored.`);
      const rows = `[${bytes.toString("utf8").trimEnd().replaceAll("\n", ",")}]`;
      await inserting;
      inserting = tx.query(`INSERT INTO "${entry.table}" SELECT * FROM json_populate_recordset(NULL::"${entry.table}", $1::json)`, [rows]);
      // Handled here, so a failure while the next entry is read is not taken for an unhandled one; awaited above.
      inserting.catch(() => {});
    }
    await inserting;
  } catch (error) {
    // Settled before the transaction is rolled back.
    await inserting.catch(() => {});
    throw error;
  }

  for (const table of manifest.tables) await tx.query(`ALTER TABLE "${table.name}" ENABLE TRIGGER USER`);
  for (const fk of foreignKeys) await tx.query(`ALTER TABLE ${fk.table} ADD CONSTRAINT "${fk.name}" ${fk.definition}`);
  for (const [sequence, value] of Object.entries(manifest.sequences)) {
    await tx.query(`SELECT setval($1::regclass, $2::bigint, true)`, [`"${sequence}"`, value]);
  }
  for (const migration of plan.forward) await runMigration(tx, migration);
}

async function flushFolder(folder: string): Promise<void> {
  for (const entry of await fs.promises.readdir(folder, { withFileTypes: true })) {
    const inner = path.join(folder, entry.name);
    if (entry.isDirectory()) await flushFolder(inner);
    else if (entry.isFile()) await flushToDisk(inner);
  }
  await flushToDisk(folder);
}

/**
 * PostgreSQL refuses a value that `ALTER TYPE … ADD VALUE` added in the same transaction until that
 * transaction commits ("unsafe use of new value"), and the whole restore is one transaction: a
 * reviewer's membership could not go in. So each enum type a migration added a value to is made
 * again in one `CREATE TYPE` with its values in order, while its tables are still empty, and its
 * columns (and their defaults) moved onto it.
 */
async function remakeEnumTypes(tx: Transaction, migrations: readonly MigrationFile[]): Promise<void> {
  const extended = [...new Set(migrations.flatMap((m) => [...m.sql.matchAll(/ALTER\s+TYPE\s+"?(\w+)"?\s+ADD\s+VALUE/gi)].map((match) => match[1])))];
  if (extended.length === 0) return;
  const types = (await tx.query(
    `SELECT t.typname::text AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
      WHERE t.typnamespace = 'public'::regnamespace AND t.typname = ANY ($1::text[]) GROUP BY t.typname ORDER BY t.typname`,
    [extended],
  )) as Array<{ name: string; labels: string[] }>;
  for (const { name, labels } of types) {
    const columns = (await tx.query(
      `SELECT table_name AS "table", column_name AS "column", column_default AS "default"
         FROM information_schema.columns WHERE table_schema = 'public' AND data_type = 'USER-DEFINED' AND udt_name = $1`,
      [name],
    )) as Array<{ table: string; column: string; default: string | null }>;
    await tx.query(`ALTER TYPE "${name}" RENAME TO "${name}__before_restore"`);
    await tx.query(`CREATE TYPE "${name}" AS ENUM (${labels.map((label) => `'${label.replaceAll("'", "''")}'`).join(", ")})`);
    for (const { table, column, default: fallback } of columns) {
      if (fallback !== null) await tx.query(`ALTER TABLE "${table}" ALTER COLUMN "${column}" DROP DEFAULT`);
      await tx.query(`ALTER TABLE "${table}" ALTER COLUMN "${column}" TYPE "${name}" USING "${column}"::text::"${name}"`);
      // Read before the rename, the default names the type by its own name: the new one now.
      if (fallback !== null) await tx.query(`ALTER TABLE "${table}" ALTER COLUMN "${column}" SET DEFAULT ${fallback}`);
    }
    await tx.query(`DROP TYPE "${name}__before_restore"`);
  }
}
