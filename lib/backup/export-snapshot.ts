import fs from "node:fs";
import path from "node:path";
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, entryName, sha256, type ManifestEntry, type UnsealedManifest } from "./archive-manifest";
import type { EntrySink } from "./write-archive";

/** A query inside the snapshot's transaction: REPEATABLE READ, so every read sees one point in time. */
export type SnapshotQuery = (sql: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** An entry is cut once it holds this much; a row larger than this (an evidence file) is an entry alone. */
const ENTRY_BYTES = 4 * 1024 * 1024;
/** Rows fetched per round trip; fewer where a row may carry a file, so memory stays flat. */
const FETCH_ROWS = 2000;
// An evidence file may be 5 MB, twice that as hex in its row's JSON.
const FETCH_ROWS_WITH_FILES = 2;

/**
 * Streams every table of the public schema into the archive, from inside one REPEATABLE READ
 * transaction the caller holds: one point in time for every table, and no lock beyond the
 * ordinary read locks, so writers never wait for it. Rows leave as PostgreSQL's own row_to_json
 * text, untouched by JavaScript, which json_populate_recordset reads back column for column on
 * either database (lib/backup/restore-archive.ts). Only `_prisma_migrations` stays out: a restore
 * records the migrations itself, with this code's checksums.
 */
export async function exportSnapshot(query: SnapshotQuery, source: "pglite" | "postgres", addEntry: EntrySink): Promise<UnsealedManifest> {
  const createdAt = new Date().toISOString();
  const migrations = (
    await query(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`)
  ).map((r) => String(r.migration_name));
  if (migrations.length === 0) throw new Error("This database has no migrations applied: there is nothing of Briefs in it to back up.");
  const tables = await query(
    `SELECT c.relname AS name,
            EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.atttypid = 'bytea'::regtype) AS "hasFiles"
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'
      ORDER BY c.relname`,
  );
  const sequences = Object.fromEntries(
    (await query(`SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL ORDER BY 1`)).map(
      (r) => [String(r.name), String(r.value)],
    ),
  );
  const exported: UnsealedManifest["tables"] = [];
  for (const table of tables) {
    const name = String(table.name);
    exported.push({ name, ...(await exportTable(query, name, table.hasFiles ? FETCH_ROWS_WITH_FILES : FETCH_ROWS, addEntry)) });
  }
  return {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    appVersion: appVersion(),
    createdAt,
    source,
    migrations,
    lastMigration: migrations[migrations.length - 1],
    tables: exported,
    sequences,
    rowCounts: Object.fromEntries(exported.map((t) => [t.name, t.rows])),
  };
}

async function exportTable(query: SnapshotQuery, table: string, fetchRows: number, addEntry: EntrySink): Promise<{ rows: number; entries: ManifestEntry[] }> {
  const entries: ManifestEntry[] = [];
  let rows = 0;
  // Rows stay the strings the driver made until an entry is cut: one Buffer per entry, not one per row.
  let pending: string[] = [];
  let pendingBytes = 0;
  let pendingRows = 0;
  const cut = async () => {
    const name = entryName(table, entries.length + 1);
    pending.push("");
    const bytes = Buffer.from(pending.join("\n"));
    await addEntry(name, bytes);
    entries.push({ name, rows: pendingRows, bytes: bytes.byteLength, sha256: sha256(bytes) });
    pending = [];
    pendingBytes = 0;
    pendingRows = 0;
  };
  // A cursor of the transaction's own: nothing outlives it, so this works through a pooler too.
  await query(`DECLARE briefs_backup NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM "${table}" t`);
  for (;;) {
    const batch = await query(`FETCH ${fetchRows} FROM briefs_backup`);
    for (const row of batch) {
      const line = String(row.j);
      pending.push(line);
      pendingBytes += Buffer.byteLength(line) + 1;
      pendingRows += 1;
      rows += 1;
      if (pendingBytes >= ENTRY_BYTES) await cut();
    }
    if (batch.length < fetchRows) break;
  }
  await query(`CLOSE briefs_backup`);
  if (pendingRows > 0) await cut();
  return { rows, entries };
}

let version: string | undefined;

function appVersion(): string {
  version ??= String((JSON.parse(fs.readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as { version?: string }).version ?? "unknown");
  return version;
}
