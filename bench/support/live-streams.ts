/**
 * Many `GET /api/live` streams held open at once by one process, as browsers would hold them: raw
 * HTTP/1.1 requests, one connection each, with a session cookie and `Accept-Encoding: gzip` (a
 * stream that came back compressed or buffered would show here). Each stream notes when each event
 * arrived (Date.now(), the machine's clock, as the pages do).
 */
import http from "node:http";

/** An event as it arrived; `page` is the change count of the page data it carried, if any. */
export type StreamEventAt = { at: number; kind: string; briefId?: string; seq?: number; page?: number };

export type HeldStream = {
  events: StreamEventAt[];
  /** The response's Content-Encoding ("" when none). */
  contentEncoding: string;
  ended: boolean;
  close(): void;
};

/** Opens one stream and resolves once its opening `sync` arrived; `onEvent` hears every event after that. */
export function holdStream(origin: string, cookie: string, onEvent?: (event: StreamEventAt) => void): Promise<HeldStream> {
  const url = new URL("/api/live", origin);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "GET",
        // A connection of its own, never pooled: a browser's stream holds its connection too.
        agent: false,
        headers: { cookie, accept: "text/event-stream", "accept-encoding": "gzip" },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(new Error(`GET /api/live answered ${response.statusCode}`));
        }
        const stream: HeldStream = {
          events: [],
          contentEncoding: String(response.headers["content-encoding"] ?? ""),
          ended: false,
          close: () => request.destroy(),
        };
        let buffer = "";
        let synced = false;
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          const at = Date.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block
              .split("\n")
              .filter((line) => line.startsWith("data: "))
              .map((line) => line.slice(6))
              .join("\n");
            if (!data) continue;
            const event = JSON.parse(data) as { kind: string; briefId?: string; seq?: number; page?: { changeSeq: number } };
            const noted = { at, kind: event.kind, briefId: event.briefId, seq: event.seq, page: event.page?.changeSeq };
            stream.events.push(noted);
            if (event.kind === "sync" && !synced) {
              synced = true;
              resolve(stream);
            } else if (synced) onEvent?.(noted);
          }
        });
        const ended = () => {
          stream.ended = true;
          if (!synced) reject(new Error("The stream ended before its opening sync"));
        };
        response.on("end", ended);
        response.on("error", ended);
        response.on("close", ended);
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** Opens `count` streams, `batch` at a time (each batch fully open before the next starts). */
export async function holdStreams(origin: string, cookie: string, count: number, batch = 50, onEvent?: (client: number, event: StreamEventAt) => void): Promise<HeldStream[]> {
  const streams: HeldStream[] = [];
  try {
    while (streams.length < count) {
      const size = Math.min(batch, count - streams.length);
      const first = streams.length;
      streams.push(...(await Promise.all(Array.from({ length: size }, (_, i) => holdStream(origin, cookie, onEvent && ((event) => onEvent(first + i, event)))))));
    }
  } catch (error) {
    for (const stream of streams) stream.close();
    throw error;
  }
  return streams;
}
