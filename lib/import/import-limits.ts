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

/** A ZIP inside the ZIP is read (Notion wraps its exports so); a ZIP inside that one is not. */
export const MAX_ZIP_NESTING = 1;

/** Byte counts as people read them in a message: 10 MB, 100 MB, 512 bytes. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}
