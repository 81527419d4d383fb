import { WebStandardStreamableHTTPServerTransport, type AuthInfo, type McpServer } from "@modelcontextprotocol/server";

/**
 * A 2025-era POST (the protocol most clients speak today) answered statelessly, as the SDK's own
 * fallback does, but with the result as one JSON body instead of a one-event SSE stream: the
 * Streamable HTTP transport lets the server choose, every client must accept both, and no tool
 * here sends anything before its result. A JSON answer spares the stream machinery on the hot path.
 *
 * The server and transport are not closed: once the JSON answer exists neither holds a stream, a
 * timer or a pending request, and both are dropped with the request. Closing them would only build
 * a "connection closed" error, stack trace and all, for handlers that no longer exist.
 */
export async function answerLegacyPost(server: McpServer, request: Request, options: { authInfo: AuthInfo; parsedBody: unknown }): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  return transport.handleRequest(request, options);
}
