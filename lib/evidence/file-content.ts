import { createHash } from "node:crypto";
import { validationError } from "@/lib/errors";
import type { EvidenceMediaType } from "./evidence-schema";

/** A file whose bytes were checked against its declared type, with what items record of it. */
export type CheckedFile = { name: string; mediaType: EvidenceMediaType; size: number; sha256: string; bytes: Buffer };

/**
 * Standard base64 with its padding, whose length is a multiple of 4 (checked beside it); Node's own
 * decoder would skip any character it does not know. One character class, so a long string costs
 * the regular expression no backtracking.
 */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);

/** Text is UTF-8 throughout, without a NUL byte: what every text viewer shows as it is. */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Whether the bytes are what the declared type says: the format's signature, or text for the text types. */
export function bytesMatchType(bytes: Uint8Array, mediaType: EvidenceMediaType): boolean {
  switch (mediaType) {
    case "image/png":
      return startsWith(bytes, PNG);
    case "image/jpeg":
      return startsWith(bytes, JPEG);
    case "application/pdf":
      return startsWith(bytes, PDF);
    case "text/plain":
    case "text/markdown":
    case "text/csv":
      return isText(bytes);
  }
}

/**
 * The file as sent → its checked bytes and SHA-256, or VALIDATION_ERROR under `path`
 * (`file.base64`, `file.mediaType`): bad base64, more than `maxBytes` bytes, or bytes that are not
 * of the declared type. The size is known from the base64's length, before anything is decoded.
 */
export function checkFile(file: { name: string; mediaType: EvidenceMediaType; base64: string }, maxBytes: number, path = "file"): CheckedFile {
  const { base64 } = file;
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) {
    throw validationError([{ path: `${path}.base64`, message: "Not valid base64 (standard alphabet, with = padding, no spaces)." }]);
  }
  const size = (base64.length / 4) * 3 - (base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0);
  if (size > maxBytes) {
    throw validationError([{ path: `${path}.base64`, message: `The file is ${size} bytes; the limit here is ${maxBytes}.` }]);
  }
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length === 0) throw validationError([{ path: `${path}.base64`, message: "The file is empty." }]);
  if (!bytesMatchType(bytes, file.mediaType)) {
    throw validationError([{ path: `${path}.mediaType`, message: `The file's bytes are not ${file.mediaType}.` }]);
  }
  return { name: file.name, mediaType: file.mediaType, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex"), bytes };
}
