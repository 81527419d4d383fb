import dc from "node:diagnostics_channel";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { appOrigin } from "@/lib/config/app-origin";
import { REQUEST_BODY_MAX_BYTES } from "@/lib/contract/bounds";
import { sendFetchResponse, toFetchRequest } from "@/lib/http/node-fetch-bridge";
import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";
import { apiSecurityHeaders } from "@/lib/web/security-headers";

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
      if (isMcpCall(request)) void answerMcp(request, response);
      else for (const listener of next) listener.call(server, request, response);
    });
  });
}

function isMcpCall(request: IncomingMessage): boolean {
  const url = request.url ?? "";
  return request.method === "POST" && (url === "/api/mcp" || url.startsWith("/api/mcp?"));
}

async function answerMcp(request: IncomingMessage, response: ServerResponse): Promise<void> {
  try {
    const answer = await handleMcpRequest(await toFetchRequest(request, appOrigin(), REQUEST_BODY_MAX_BYTES));
    // What proxy.ts sets on every page and route, minus the script nonce an API answer has no use for.
    for (const [name, value] of Object.entries(apiSecurityHeaders({ https: appOrigin().startsWith("https:") }))) answer.headers.set(name, value);
    await sendFetchResponse(answer, response);
  } catch (error) {
    // handleMcpRequest answers its own failures; this is the body or the socket failing.
    console.error("The MCP endpoint could not answer:", error instanceof Error ? error.message : error);
    if (!response.headersSent) response.writeHead(500).end();
    else response.destroy();
  }
}
