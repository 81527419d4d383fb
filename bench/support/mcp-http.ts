/**
 * A minimal MCP caller for the benchmarks: one JSON-RPC `tools/call` per HTTP POST on a kept-alive
 * connection (stateless 2025-11-25, no handshake needed), so the client adds as little as possible
 * to the door's measured time. Answers come as JSON or as one SSE `data:` line.
 */
import http from "node:http";
import zlib from "node:zlib";

export type ToolAnswer = {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  structuredContent?: Record<string, any>;
  _meta?: Record<string, unknown>;
};

export type McpCaller = {
  call(name: string, args: Record<string, unknown>): Promise<ToolAnswer>;
  /** Like call, but a domain error is thrown. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ok(name: string, args: Record<string, unknown>): Promise<Record<string, any>>;
  /** An MCP `ping`: the door's fixed cost (origin check, token, body, SDK) without any tool. */
  ping(): Promise<void>;
  /** Bytes of the last HTTP response body, as sent (compressed when it was). */
  lastResponseBytes(): number;
  close(): void;
};

/**
 * `acceptEncoding` is sent as `Accept-Encoding` (as fetch-based clients do, e.g. "gzip, deflate"),
 * and the answer is decoded as its Content-Encoding says. Without it, answers come uncompressed.
 */
const IDLE_RECONNECT_MS = 3_000;

export function mcpCaller(url: string, token: string, options: { acceptEncoding?: string } = {}): McpCaller {
  const target = new URL(url);
  const newAgent = () => new http.Agent({ keepAlive: true, maxSockets: 1 });
  let agent = newAgent();
  let id = 0;
  let lastBytes = 0;
  let lastUsed = performance.now();

  function post(body: string): Promise<{ status: number; type: string; text: string }> {
    // The server closes a kept-alive connection after 5 s of quiet. A caller idle that long (the
    // floors' phases) would send on a socket the server is closing, whose close a benchmark process
    // busy with an embedded database may not have read yet: it starts on a new connection instead.
    if (performance.now() - lastUsed > IDLE_RECONNECT_MS) {
      agent.destroy();
      agent = newAgent();
    }
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: "POST",
          headers: {
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            "mcp-protocol-version": "2025-11-25",
            "content-length": Buffer.byteLength(body),
            ...(options.acceptEncoding && { "accept-encoding": options.acceptEncoding }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            lastUsed = performance.now();
            const sent = Buffer.concat(chunks);
            lastBytes = sent.length;
            resolve({ status: response.statusCode ?? 0, type: String(response.headers["content-type"] ?? ""), text: decoded(sent, response.headers["content-encoding"]).toString("utf8") });
          });
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  }

  async function call(name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
    const response = await post(JSON.stringify({ jsonrpc: "2.0", id: ++id, method: "tools/call", params: { name, arguments: args } }));
    if (response.status !== 200) throw new Error(`${name}: HTTP ${response.status}: ${response.text.slice(0, 500)}`);
    const json = response.type.includes("text/event-stream")
      ? response.text.split("\n").find((line) => line.startsWith("data:"))?.slice(5)
      : response.text;
    const message = JSON.parse(json ?? "null") as { result?: ToolAnswer; error?: { message: string } } | null;
    if (!message?.result) throw new Error(`${name}: no result: ${response.text.slice(0, 500)}`);
    return message.result;
  }

  return {
    call,
    async ok(name, args) {
      const answer = await call(name, args);
      if (answer.isError || !answer.structuredContent) throw new Error(`${name} failed: ${answer.content?.[0]?.text?.slice(0, 1000)}`);
      return answer.structuredContent;
    },
    async ping() {
      const response = await post(JSON.stringify({ jsonrpc: "2.0", id: ++id, method: "ping" }));
      if (response.status !== 200) throw new Error(`ping: HTTP ${response.status}`);
    },
    lastResponseBytes: () => lastBytes,
    close: () => agent.destroy(),
  };
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "gzip") return zlib.gunzipSync(body);
  if (encoding === "deflate") return zlib.inflateSync(body);
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  return body;
}
