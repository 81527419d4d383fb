import { readBoundedBody } from "./read-bounded-body";

/**
 * Reads a request body as text, bounded while reading (a huge body is refused without being
 * buffered) and decoded strictly: bytes that are not valid UTF-8 are refused, not silently turned
 * into U+FFFD and stored as if the client had sent that character.
 */
type BodyRead = { ok: true; text: string } | { ok: false; problem: "too_large" | "invalid_utf8" };

export async function readUtf8Body(request: Request, maxBytes: number): Promise<BodyRead> {
  const bytes = await readBoundedBody(request, maxBytes);
  return bytes ? decodeUtf8Body(bytes, maxBytes) : { ok: false, problem: "too_large" };
}

/** The same for a body already read as bytes (at most `maxBytes + 1` of them suffice to refuse it). */
export function decodeUtf8Body(bytes: Uint8Array, maxBytes: number): BodyRead {
  if (bytes.byteLength > maxBytes) return { ok: false, problem: "too_large" };
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, problem: "invalid_utf8" };
  }
}
