import { importFileError, quoteName } from "./import-file-error";
import { MAX_ZIP_ENTRIES } from "./import-limits";

/**
 * The list of entries at the end of a ZIP (its central directory), read by hand so that nothing is
 * inflated before every entry has been counted and named. The sizes it declares are not trusted:
 * the compressed size only says where an entry's bytes end, and those bytes must lie inside the
 * file; the unpacked size is never used (inflating counts the real one, see inflate-zip-entry.ts).
 */
export type ZipEntry = {
  /** The name as stored: UTF-8 when the entry says so or when it decodes as such, else code page 437. */
  name: string;
  isDirectory: boolean;
  /** 0 stored, 8 deflate; any other method is refused when the entry is read. */
  method: number;
  encrypted: boolean;
  crc32: number;
  compressedSize: number;
  localHeaderOffset: number;
};

const END_RECORD = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_RECORD = 0x06064b50;
const DIRECTORY_RECORD = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;

/** Code page 437's upper half: what ZIP names without the UTF-8 flag used before UTF-8 (old Windows tools). */
const CP437_HIGH =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0";

function decodeName(raw: Uint8Array, utf8Flag: boolean): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch {
    if (utf8Flag) return new TextDecoder("utf-8").decode(raw);
    return Array.from(raw, (byte) => (byte < 0x80 ? String.fromCharCode(byte) : CP437_HIGH[byte - 0x80])).join("");
  }
}

class Reader {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  fits(offset: number, length: number): boolean {
    return offset >= 0 && length >= 0 && offset + length <= this.bytes.length;
  }
  u16(offset: number): number {
    return this.view.getUint16(offset, true);
  }
  u32(offset: number): number {
    return this.view.getUint32(offset, true);
  }
  /** Sizes past 2^53 are no real file's; they come out as Infinity and fail every bounds check. */
  u64(offset: number): number {
    const value = this.view.getBigUint64(offset, true);
    return value > BigInt(Number.MAX_SAFE_INTEGER) ? Infinity : Number(value);
  }
}

function findEndRecord(reader: Reader): number {
  const lowest = Math.max(0, reader.bytes.length - END_RECORD_SIZE - MAX_COMMENT);
  for (let at = reader.bytes.length - END_RECORD_SIZE; at >= lowest; at--) {
    if (reader.u32(at) === END_RECORD) return at;
  }
  return -1;
}

/** Where the central directory starts and how long it is, from the end record (or its ZIP64 form). */
function locateDirectory(reader: Reader, archive: string): { offset: number; size: number } {
  const end = findEndRecord(reader);
  if (end < 0) throw importFileError(`${archive} is not a readable ZIP archive: its end record is missing (the file may be cut short).`);
  if (reader.u16(end + 4) !== 0 || reader.u16(end + 6) !== 0) {
    throw importFileError(`${archive} is one part of a split ZIP archive; join the parts into one ZIP and import that.`);
  }
  let size = reader.u32(end + 12);
  let offset = reader.u32(end + 16);
  const locator = end - 20;
  if ((size === 0xffffffff || offset === 0xffffffff || reader.u16(end + 10) === 0xffff) && locator >= 0 && reader.u32(locator) === ZIP64_END_LOCATOR) {
    const record = reader.u64(locator + 8);
    if (!reader.fits(record, 56) || reader.u32(record) !== ZIP64_END_RECORD) {
      throw importFileError(`${archive} is damaged: its ZIP64 end record is missing.`);
    }
    size = reader.u64(record + 40);
    offset = reader.u64(record + 48);
  }
  if (!reader.fits(offset, size)) throw importFileError(`${archive} is damaged: its list of entries lies outside the file.`);
  return { offset, size };
}

/** The real sizes of an entry whose 32-bit fields say "see the ZIP64 extra field". */
function applyZip64Extra(reader: Reader, extraStart: number, extraLength: number, fields: { compressedSize: number; localHeaderOffset: number; uncompressedIsZip64: boolean }) {
  for (let at = extraStart; at + 4 <= extraStart + extraLength; ) {
    const id = reader.u16(at);
    const length = reader.u16(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      // The ZIP64 field lists, in this order, only the values that overflowed.
      if (fields.uncompressedIsZip64) field += 8;
      if (fields.compressedSize === 0xffffffff && field + 8 <= at + 4 + length) {
        fields.compressedSize = reader.u64(field);
        field += 8;
      }
      if (fields.localHeaderOffset === 0xffffffff && field + 8 <= at + 4 + length) fields.localHeaderOffset = reader.u64(field);
      return;
    }
    at += 4 + length;
  }
}

/**
 * The entries of a ZIP, or a refusal naming `archiveName` (when given): not a ZIP, damaged, split, or more
 * entries than `maxEntries` allows (what is left of MAX_ZIP_ENTRIES once outer entries are counted).
 */
export function readZipDirectory(bytes: Uint8Array, archiveName?: string, maxEntries = MAX_ZIP_ENTRIES): ZipEntry[] {
  const archive = archiveName === undefined ? "The ZIP" : `The ZIP ${quoteName(archiveName)}`;
  const reader = new Reader(bytes);
  const { offset, size } = locateDirectory(reader, archive);
  const entries: ZipEntry[] = [];
  for (let at = offset; at < offset + size; ) {
    if (!reader.fits(at, 46) || reader.u32(at) !== DIRECTORY_RECORD) throw importFileError(`${archive} is damaged: its list of entries is broken.`);
    if (entries.length === maxEntries) {
      throw importFileError(
        `${archive} has more than ${MAX_ZIP_ENTRIES.toLocaleString("en")} entries, counting those of ZIPs inside it; the limit is ${MAX_ZIP_ENTRIES.toLocaleString("en")}.`,
      );
    }
    const flags = reader.u16(at + 8);
    const nameLength = reader.u16(at + 28);
    const extraLength = reader.u16(at + 30);
    const commentLength = reader.u16(at + 32);
    if (!reader.fits(at + 46, nameLength + extraLength + commentLength)) throw importFileError(`${archive} is damaged: its list of entries is broken.`);
    const name = decodeName(bytes.subarray(at + 46, at + 46 + nameLength), (flags & 0x0800) !== 0);
    const fields = { compressedSize: reader.u32(at + 20), localHeaderOffset: reader.u32(at + 42), uncompressedIsZip64: reader.u32(at + 24) === 0xffffffff };
    applyZip64Extra(reader, at + 46 + nameLength, extraLength, fields);
    entries.push({
      name,
      isDirectory: name.endsWith("/") || name.endsWith("\\"),
      method: reader.u16(at + 10),
      encrypted: (flags & 0x0001) !== 0,
      crc32: reader.u32(at + 16),
      compressedSize: fields.compressedSize,
      localHeaderOffset: fields.localHeaderOffset,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The compressed bytes of one entry, found through its local header; they must lie inside the file. */
export function entryBytes(bytes: Uint8Array, entry: ZipEntry, entryLabel: string): Uint8Array {
  const reader = new Reader(bytes);
  const at = entry.localHeaderOffset;
  if (!reader.fits(at, 30) || reader.u32(at) !== LOCAL_HEADER) throw importFileError(`The ZIP entry ${entryLabel} is damaged: its header is missing.`);
  const start = at + 30 + reader.u16(at + 26) + reader.u16(at + 28);
  if (!reader.fits(start, entry.compressedSize)) throw importFileError(`The ZIP entry ${entryLabel} is damaged: its data runs past the end of the file.`);
  return bytes.subarray(start, start + entry.compressedSize);
}
