import type { IncomingMessage, ServerResponse } from "node:http";
import { once } from "node:events";

/**
 * A Node request as a Fetch `Request`, its body read first and bounded: at most `maxBodyBytes + 1`
 * bytes are kept, so a handler that enforces `maxBodyBytes` still sees that the body was too large,
 * and a body declared larger than that by Content-Length is not read at all.
 */
export async function toFetchRequest(request: IncomingMessage, origin: string, maxBodyBytes: number): Promise<Request> {
  const { request: fetchRequest, body } = await toFetchRequestBodyApart(request, origin, maxBodyBytes);
  return body === undefined ? fetchRequest : new Request(fetchRequest, { body });
}

/**
 * As toFetchRequest, but the body (read and bounded alike) is handed over as bytes beside a
 * `Request` without one, for a handler that reads the whole body anyway: wrapping the bytes in a
 * web stream only to drain it again cost a sizeable share of a small request's CPU. `body` is
 * undefined when there is none to read, or when Content-Length declares it too large.
 */
export async function toFetchRequestBodyApart(
  request: IncomingMessage,
  origin: string,
  maxBodyBytes: number,
): Promise<{ request: Request; body?: Uint8Array<ArrayBuffer> }> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, value);
  }
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (request.method !== "GET" && request.method !== "HEAD") {
    const declared = Number(request.headers["content-length"]);
    if (!(declared > maxBodyBytes)) body = await readBounded(request, maxBodyBytes + 1);
  }
  return { request: new Request(new URL(request.url ?? "/", origin), { method: request.method, headers }), body };
}

function readBounded(request: IncomingMessage, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer<ArrayBuffer>[] = [];
    let size = 0;
    const settle = (error?: Error) => {
      request.off("data", onData).off("end", onEnd).off("error", settle);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size).subarray(0, limit));
    };
    const onEnd = () => settle();
    const onData = (chunk: Buffer<ArrayBuffer>) => {
      chunks.push(chunk);
      size += chunk.length;
      // Enough to know it is too large: the rest flows on and is discarded, as Node does with any
      // body a handler leaves unread, so the connection stays usable.
      if (size >= limit) settle();
    };
    request.on("data", onData).on("end", onEnd).on("error", settle);
  });
}

/**
 * Writes a Fetch `Response` to a Node response. An event stream is streamed, and no longer read once
 * the client has gone; any other body is complete when the response is made, and is sent in one write.
 */
export async function sendFetchResponse(response: Response, target: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  if (!response.body || !response.headers.get("content-type")?.startsWith("text/event-stream")) {
    const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
    if (body) headers["content-length"] = String(body.length);
    writeHead(target, response, headers);
    target.end(body);
    return;
  }
  writeHead(target, response, headers);
  const reader = response.body.getReader();
  const abandon = () => void reader.cancel().catch(() => {});
  target.once("close", abandon);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!target.write(value)) await drainedOrClosed(target);
      if (target.destroyed) return;
    }
    target.end();
  } finally {
    target.off("close", abandon);
  }
}

/**
 * A Response made in code has an empty statusText; without one Node sends the standard reason
 * phrase. (An undefined reason is not passed either: wrappers of writeHead read the arguments by position.)
 */
function writeHead(target: ServerResponse, response: Response, headers: Record<string, string | string[]>): void {
  if (response.statusText) target.writeHead(response.status, response.statusText, headers);
  else target.writeHead(response.status, headers);
}

/** Waits for the socket to take more, or to close; the listener that did not fire is removed. */
async function drainedOrClosed(target: ServerResponse): Promise<void> {
  const waiting = new AbortController();
  try {
    await Promise.race([once(target, "drain", { signal: waiting.signal }), once(target, "close", { signal: waiting.signal })]);
  } finally {
    waiting.abort();
  }
}
