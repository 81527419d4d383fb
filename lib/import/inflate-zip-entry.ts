import { crc32 } from "node:zlib";
import { Inflate } from "fflate";
import { importFileError } from "./import-file-error";
import { MAX_COMPRESSION_RATIO, MAX_ZIP_UNPACKED_BYTES, RATIO_CHECKED_ABOVE_BYTES, formatBytes } from "./import-limits";
import { entryBytes, type ZipEntry } from "./zip-directory";

/** What one upload has unpacked so far, shared by the ZIP and every ZIP inside it. */
export type UnpackBudget = { entries: number; unpackedBytes: number };

export const newUnpackBudget = (): UnpackBudget => ({ entries: 0, unpackedBytes: 0 });

/**
 * Compressed bytes are fed to the inflater this many at a time, and the limits are checked after
 * each piece. Deflate turns 1 byte into at most 1,032, so no piece can unpack to more than about
 * 4 MB beyond a limit before the check stops it.
 */
const PIECE = 4 * 1024;

const STORED = 0;
const DEFLATE = 8;

/**
 * An entry's bytes, inflated while counting: the entry's own output against MAX_COMPRESSION_RATIO
 * times its compressed size (once it passes RATIO_CHECKED_ABOVE_BYTES), and the upload's running
 * total against MAX_ZIP_UNPACKED_BYTES. The first limit passed stops the inflating and refuses the
 * whole file, naming the entry. A damaged entry (bad deflate data, wrong checksum), an encrypted
 * one or one compressed by another method is refused too. The bytes are the entry's own copy,
 * never a view into the archive.
 */
export function inflateZipEntry(archive: Uint8Array, entry: ZipEntry, budget: UnpackBudget, entryLabel: string): Uint8Array {
  if (entry.encrypted) throw importFileError(`The ZIP entry ${entryLabel} is encrypted; export it again without a password.`);
  if (entry.method !== STORED && entry.method !== DEFLATE) {
    throw importFileError(`The ZIP entry ${entryLabel} uses compression method ${entry.method}, which cannot be read; create the ZIP again with ordinary (Deflate) compression.`);
  }
  const compressed = entryBytes(archive, entry, entryLabel);
  const ratioLimit = Math.max(compressed.length * MAX_COMPRESSION_RATIO, RATIO_CHECKED_ABOVE_BYTES);
  const chunks: Uint8Array[] = [];
  let produced = 0;

  const count = (size: number) => {
    produced += size;
    budget.unpackedBytes += size;
    if (entry.method === DEFLATE && produced > ratioLimit) {
      throw importFileError(
        `The ZIP entry ${entryLabel} unpacks to more than ${MAX_COMPRESSION_RATIO} times its compressed size of ${formatBytes(compressed.length)}, as ZIP bombs do; the limit is a ratio of ${MAX_COMPRESSION_RATIO}.`,
      );
    }
    if (budget.unpackedBytes > MAX_ZIP_UNPACKED_BYTES) {
      throw importFileError(`The ZIP unpacks to more than ${formatBytes(MAX_ZIP_UNPACKED_BYTES)} in total (the limit), reached at the entry ${entryLabel}.`);
    }
  };

  if (entry.method === STORED) {
    count(compressed.length);
    chunks.push(compressed.slice());
  } else {
    const inflater = new Inflate((chunk) => {
      if (chunk.length > 0) chunks.push(chunk);
    });
    for (let at = 0; ; at += PIECE) {
      const last = at + PIECE >= compressed.length;
      const before = chunks.length;
      try {
        inflater.push(compressed.subarray(at, at + PIECE), last);
      } catch {
        throw importFileError(`The ZIP entry ${entryLabel} is damaged: its compressed data cannot be unpacked.`);
      }
      for (const chunk of chunks.slice(before)) count(chunk.length);
      if (last) break;
    }
  }

  const bytes = chunks.length === 1 ? chunks[0] : concat(chunks, produced);
  if (crc32(bytes) >>> 0 !== entry.crc32 >>> 0) throw importFileError(`The ZIP entry ${entryLabel} is damaged: its checksum does not match its contents.`);
  return bytes;
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
