/**
 * Reads a request body as text, refusing more than `maxBytes` without buffering the excess, and
 * invalid UTF-8 (which would otherwise turn silently into U+FFFD).
 */
export async function readBoundedText(request: Request, maxBytes: number): Promise<{ text: string } | { problem: "too-large" | "not-utf8" }> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) return { problem: "too-large" };
  if (!request.body) return { text: "" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return { problem: "too-large" };
    }
    chunks.push(value);
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)) };
  } catch {
    return { problem: "not-utf8" };
  }
}
