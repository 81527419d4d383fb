import { WebStandardStreamableHTTPServerTransport, type AuthInfo, type McpServer } from "@modelcontextprotocol/server";

/**
 * A 2025-era POST (the protocol most clients speak today) answered statelessly, as the SDK's own
 * fallback does, but with the result as one JSON body instead of a one-event SSE stream: the
 * Streamable HTTP transport lets the server choose, every client must accept both, and no tool
 * here sends anything before its result. A JSON answer spares the stream machinery on the hot path.
 */
export async function answerLegacyPost(server: McpServer, request: Request, options: { authInfo: AuthInfo; parsedBody: unknown }): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    return await transport.handleRequest(request, options);
  } finally {
    // The answer is complete once handleRequest returns: nothing of this server outlives it.
    await Promise.allSettled([transport.close(), server.close()]);
  }
}
