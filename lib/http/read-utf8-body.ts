/**
 * Reads a request body as text, bounded while reading (a huge body is refused without being
 * buffered) and decoded strictly: bytes that are not valid UTF-8 are refused, not silently turned
 * into U+FFFD and stored as if the client had sent that character.
 */
type BodyRead = { ok: true; text: string } | { ok: false; problem: "too_large" | "invalid_utf8" };

export async function readUtf8Body(request: Request, maxBytes: number): Promise<BodyRead> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, problem: "too_large" };
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return { ok: false, problem: "too_large" };
      }
      chunks.push(value);
    }
  }
  return decodeUtf8Body(Buffer.concat(chunks, size), maxBytes);
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
