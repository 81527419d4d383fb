import crypto from "node:crypto";
import canonicalize from "canonicalize";
import { z } from "zod";

/**
 * What a backup archive is (docs/operations.md#backups): a gzip-compressed tar of
 *
 *   data/<Table>/<000001>.ndjson   the table's rows, one JSON object a line, as PostgreSQL's
 *                                  row_to_json writes them, cut into entries of a few MB;
 *   manifest.json                  last, once every row is written: what follows below.
 *
 * `sha256` covers every data entry (its name and its bytes, in archive order) and then the
 * manifest itself without that field, canonically serialised, so an altered byte in a row, a
 * dropped entry or an edited count all fail the check.
 */
export const ARCHIVE_FORMAT = "briefs-backup";
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = "manifest.json";

const entrySchema = z.object({
  name: z.string().regex(/^data\/[A-Za-z0-9_]+\/\d{6}\.ndjson$/),
  rows: z.number().int().min(0),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  appVersion: z.string(),
  createdAt: z.string(),
  /** The database the archive was made from. */
  source: z.enum(["pglite", "postgres"]),
  /** Every migration applied to that database, oldest first; the last names its schema. */
  migrations: z.array(z.string()).min(1),
  lastMigration: z.string(),
  tables: z.array(z.object({ name: z.string().regex(/^[A-Za-z0-9_]+$/), rows: z.number().int().min(0), entries: z.array(entrySchema) })),
  /** Each sequence's value when the snapshot was taken; a restore never hands out a number again. */
  sequences: z.record(z.string(), z.string().regex(/^\d+$/)),
  rowCounts: z.record(z.string(), z.number().int().min(0)),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export type Manifest = z.output<typeof manifestSchema>;
export type ManifestEntry = z.output<typeof entrySchema>;
export type UnsealedManifest = Omit<Manifest, "sha256">;

/** The running hash over data entries; `seal` adds the manifest and gives the archive's SHA-256. */
export class ArchiveHash {
  private readonly hash = crypto.createHash("sha256");

  addEntry(name: string, bytes: Uint8Array): void {
    this.hash.update(`${name}\n`);
    this.hash.update(bytes);
  }

  seal(manifest: UnsealedManifest): string {
    this.hash.update(canonicalize(manifest) ?? "");
    return this.hash.digest("hex");
  }
}

export function sha256(bytes: Uint8Array): string {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

export function entryName(table: string, index: number): string {
  return `data/${table}/${String(index).padStart(6, "0")}.ndjson`;
}
