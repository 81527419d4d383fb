/**
 * Every bound the import readers enforce, in one place so that the refusals quote the same numbers
 * the code checks. Sizes are in bytes.
 */

/** The largest file an import accepts: Markdown, a Word document or a ZIP, as uploaded. */
export const MAX_IMPORT_FILE_BYTES = 10 * 1024 * 1024;

/** The most entries a ZIP may hold, counting the entries of the ZIPs inside it. */
export const MAX_ZIP_ENTRIES = 1_000;

/** The most a ZIP may unpack to in total, counting the ZIPs inside it, measured while inflating. */
export const MAX_ZIP_UNPACKED_BYTES = 100 * 1024 * 1024;

/** How many times its compressed size one entry may unpack to before it is taken for a ZIP bomb. */
export const MAX_COMPRESSION_RATIO = 100;

/**
 * Entries that unpack to no more than this are not judged by their ratio: a small, very regular
 * file (a page of table rules, a CSV of empty cells) can compress more than 100 times without being
 * a bomb, and the total above bounds what such entries can add up to.
 */
export const RATIO_CHECKED_ABOVE_BYTES = 1024 * 1024;

/** A ZIP inside the ZIP is read (Notion wraps its exports so); a ZIP inside that one is not. */
export const MAX_ZIP_NESTING = 1;

/** Byte counts as people read them in a message: 10 MB, 100 MB, 512 bytes. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}
