/**
 * What a file is, from its first bytes rather than its name: a name is whatever the sender typed,
 * the signature is what every program that opens the file goes by.
 */

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04]; // "PK\3\4", the first entry of a ZIP
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06]; // "PK\5\6", the end record of a ZIP with no entries
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
// The compound file format of Word 97–2003 documents, and of password-protected .docx files.
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]; // "GIF87a"
const GIF89 = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]; // "GIF89a"
const RIFF = [0x52, 0x49, 0x46, 0x46]; // "RIFF", then 4 bytes of size, then "WEBP"
const WEBP = [0x57, 0x45, 0x42, 0x50];

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  return bytes.length >= at + magic.length && magic.every((byte, i) => bytes[at + i] === byte);
}

export const isZip = (bytes: Uint8Array) => startsWith(bytes, ZIP_LOCAL_HEADER) || startsWith(bytes, ZIP_EMPTY);
export const isPdf = (bytes: Uint8Array) => startsWith(bytes, PDF);
export const isCompoundFile = (bytes: Uint8Array) => startsWith(bytes, COMPOUND_FILE);

export type ImageMediaType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

/** The image type the bytes are, or null: only the raster formats every browser shows. */
export function imageMediaType(bytes: Uint8Array): ImageMediaType | null {
  if (startsWith(bytes, PNG)) return "image/png";
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return "image/gif";
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "image/webp";
  return null;
}

/** An SVG drawing, by name or by its opening tag: text that can carry scripts, so never kept as an image. */
export function looksLikeSvg(name: string, bytes: Uint8Array): boolean {
  if (/\.svgz?$/i.test(name)) return true;
  const head = new TextDecoder("utf-8").decode(bytes.subarray(0, 1024)).trimStart().toLowerCase();
  return head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"));
}
