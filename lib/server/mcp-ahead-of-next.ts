import dc from "node:diagnostics_channel";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import zlib from "node:zlib";
import compression from "compression";
import { appOrigin } from "@/lib/config/app-origin";
import { REQUEST_BODY_MAX_BYTES } from "@/lib/contract/bounds";
import { isJsonContentType } from "@modelcontextprotocol/server";
import { sendFetchResponse, toFetchRequest, toFetchRequestBodyApart } from "@/lib/http/node-fetch-bridge";
import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";
import { apiSecurityHeaders } from "@/lib/web/security-headers";
import { inRequestSpan } from "@/lib/observe/tracing";

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

// Shared by the module copies a server may load; a server is taken over once.
const holder = globalThis as unknown as { __briefsMcpAheadOfNext?: WeakSet<Server> };

/**
 * In a production server process (instrumentation.ts): every `POST /api/mcp`, the call each agent
 * makes, is answered by the MCP endpoint (lib/mcp/handle-mcp-request.ts) straight from Node's HTTP
 * server, ahead of Next's router and page middleware. That pipeline costs more CPU than a whole
 * checklist toggle (docs/benchmarks.md) and does nothing an MCP call needs. Everything else,
 * including the endpoint's GET and DELETE, goes to Next as before, and so does every request of a
 * development server, whose route reloads on edit.
 *
 * `next start` creates its HTTP server out of the app's reach; it is found when its first request
 * starts (Node publishes that on a diagnostics channel before the request is dispatched), and its
 * request listener is then wrapped.
 */
export function answerMcpAheadOfNext(): void {
  if (holder.__briefsMcpAheadOfNext) return;
  const servers = (holder.__briefsMcpAheadOfNext = new WeakSet());
  dc.subscribe("http.server.request.start", (message) => {
    const { server } = message as { server: Server };
    if (servers.has(server)) return;
    servers.add(server);
    const next = server.listeners("request") as RequestListener[];
    server.removeAllListeners("request");
    server.on("request", (request: IncomingMessage, response: ServerResponse) => {
      // compression only wraps the response's methods; it reads nothing beyond these two objects.
      // Its spans (the tool call's, the queries') are children of the request's (lib/observe).
      if (isMcpCall(request)) compress(request as Parameters<typeof compress>[0], response as Parameters<typeof compress>[1], () => void inRequestSpan(() => answerMcp(request, response)));
      else for (const listener of next) listener.call(server, request, response);
    });
  });
}

/**
 * The answer compressed when the client accepts it, as Next compresses what it serves: MCP clients
 * built on fetch ask for it (Node's fetch sends "gzip, deflate" over http, "br, gzip, deflate" over
 * https), and a brief's answers are JSON that shrinks four to five times. The `compression` package
 * chooses brotli where accepted (its default quality 4), else gzip or deflate; those at zlib's
 * fastest level rather than the default 6 Next uses: on a 194 KiB brief's toggle (a 439 KiB answer)
 * level 6 cost about 10 ms of CPU, level 1 about 2 ms (brotli 4 about 2 ms too) for an answer some
 * 10 % larger (docs/benchmarks.md). From 1 KiB; an event stream is left alone, so each event leaves
 * when it is written.
 */
const compress = compression({
  level: zlib.constants.Z_BEST_SPEED,
  filter: (request, response) => !String(response.getHeader("content-type") ?? "").startsWith("text/event-stream") && compression.filter(request, response),
});

function isMcpCall(request: IncomingMessage): boolean {
  const url = request.url ?? "";
  return request.method === "POST" && (url === "/api/mcp" || url.startsWith("/api/mcp?"));
}

async function handleMcpRequestBodyApart(request: IncomingMessage, origin: string): Promise<Response> {
  const { request: fetchRequest, body } = await toFetchRequestBodyApart(request, origin, REQUEST_BODY_MAX_BYTES);
  return handleMcpRequest(fetchRequest, body);
}

async function answerMcp(request: IncomingMessage, response: ServerResponse): Promise<void> {
  // What proxy.ts sets on every page and route, minus the script nonce an API answer has no use for.
  // (The configuration appOrigin reads was validated when the server started: start-server.ts.)
  const origin = appOrigin();
  const securityHeaders = apiSecurityHeaders({ https: origin.startsWith("https:") });
  try {
    // A JSON body is read whole by the endpoint in any case, so it is handed over as bytes; any
    // other body stays in the Request for the SDK to read (or refuse) as before.
    const answer = isJsonContentType(request.headers["content-type"] ?? null)
      ? await handleMcpRequestBodyApart(request, origin)
      : await handleMcpRequest(await toFetchRequest(request, origin, REQUEST_BODY_MAX_BYTES));
    for (const [name, value] of Object.entries(securityHeaders)) answer.headers.set(name, value);
    await sendFetchResponse(answer, response);
  } catch (error) {
    // handleMcpRequest answers its own failures; this is the body or the socket failing.
    console.error("The MCP endpoint could not answer:", error instanceof Error ? error.message : error);
    if (!response.headersSent) response.writeHead(500, securityHeaders).end();
    else response.destroy();
  }
}
