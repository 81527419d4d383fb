import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import tar from "tar-stream";
import { ArchiveHash, MANIFEST_ENTRY, manifestSchema, type Manifest, type ManifestEntry } from "./archive-manifest";

/** A file that is not a whole, unaltered archive of a kind this code reads. Nothing was written. */
export class ArchiveRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveRefusedError";
  }
}

/** Larger than any entry the export cuts (4 MB, or one row holding an evidence file): refused unread. */
const ENTRY_MAX_BYTES = 256 * 1024 * 1024;

/**
 * The archive's entries in order, each read whole (entries are a few MB), from a stream that is
 * decompressed as it is read: memory holds one entry, whatever the archive's size.
 */
export async function* readEntries(file: string): AsyncGenerator<{ name: string; bytes: Buffer }> {
  if (!fs.existsSync(file)) throw new ArchiveRefusedError(`${file} does not exist.`);
  const extract = tar.extract();
  const feeding = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract).catch((error: unknown) => {
    extract.destroy(error as Error);
    throw error;
  });
  feeding.catch(() => {}); // A reader that stops early (a refusal, a failed insert) leaves it rejected and never awaited.
  try {
    for await (const entry of extract) {
      if (entry.header.type !== "file" || entry.header.size > ENTRY_MAX_BYTES) {
        throw new ArchiveRefusedError(`${file} is not a Briefs backup: it holds an unexpected entry "${entry.header.name}".`);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      yield { name: entry.header.name, bytes: Buffer.concat(chunks) };
    }
    await feeding;
  } catch (error) {
    await feeding.catch(() => {});
    if (error instanceof ArchiveRefusedError) throw error;
    throw new ArchiveRefusedError(`${file} is not a whole Briefs backup archive (${describe(error)}). It may be truncated, altered or of another kind.`);
  }
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "Z_DATA_ERROR" || code === "Z_BUF_ERROR") return "its compressed data is damaged or cut short";
  const message = error instanceof Error ? error.message : String(error);
  return /unexpected end|premature/i.test(message) ? "it ends too early" : message;
}

/**
 * Reads the whole archive once and checks it before anything is written anywhere: every data
 * entry's bytes, row count and place against the manifest, and the SHA-256 over all of it.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  const hash = new ArchiveHash();
  const seen: ManifestEntry[] = [];
  let manifestText: string | undefined;
  for await (const { name, bytes } of readEntries(file)) {
    if (manifestText !== undefined) throw new ArchiveRefusedError(`${file} has entries after its manifest: it is not an archive this code wrote.`);
    if (name === MANIFEST_ENTRY) {
      manifestText = bytes.toString("utf8");
      continue;
    }
    if (!/^data\/[A-Za-z0-9_]+\/\d{6}\.ndjson$/.test(name)) throw new ArchiveRefusedError(`${file} is not a Briefs backup: it holds an unexpected entry "${name}".`);
    hash.addEntry(name, bytes);
    // The entry's own hash is not computed here: the seal below covers its bytes and the manifest's
    // record of its hash alike, and the restore checks each entry's hash as it loads it.
    seen.push({ name, rows: countLines(bytes), bytes: bytes.byteLength, sha256: "" });
  }
  if (manifestText === undefined) {
    throw new ArchiveRefusedError(seen.length ? `${file} has no manifest: it was cut short before it was finished.` : `${file} is not a Briefs backup archive.`);
  }
  let parsed: Manifest;
  try {
    const json = JSON.parse(manifestText) as { format?: unknown; formatVersion?: unknown };
    if (json.format === "briefs-backup" && typeof json.formatVersion === "number" && json.formatVersion > 1) {
      throw new ArchiveRefusedError(`${file} was written in backup format ${json.formatVersion}, by a newer version of Briefs; this one reads format 1. Upgrade Briefs to restore it.`);
    }
    parsed = manifestSchema.parse(json);
  } catch (error) {
    if (error instanceof ArchiveRefusedError) throw error;
    throw new ArchiveRefusedError(`${file} has a manifest this code cannot read: it is altered or not a Briefs backup.`);
  }
  const { sha256: stated, ...unsealed } = parsed;
  const listed = parsed.tables.flatMap((t) => t.entries);
  const entriesMatch = listed.length === seen.length && listed.every((e, i) => e.name === seen[i].name && e.rows === seen[i].rows && e.bytes === seen[i].bytes);
  const countsMatch = parsed.tables.every((t) => t.rows === t.entries.reduce((n, e) => n + e.rows, 0) && parsed.rowCounts[t.name] === t.rows);
  if (!entriesMatch || !countsMatch || hash.seal(unsealed) !== stated) {
    throw new ArchiveRefusedError(`${file} fails its SHA-256 check: some of its bytes were altered since it was written. Nothing was restored.`);
  }
  return parsed;
}

function countLines(bytes: Buffer): number {
  let lines = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) lines += 1;
  return lines;
}
