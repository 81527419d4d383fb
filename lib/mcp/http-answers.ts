import { protectedResourceMetadataUrl } from "@/lib/config/mcp-resource";
import { REQUEST_BODY_MAX_BYTES } from "@/lib/contract/bounds";

/**
 * The HTTP-level answers of the MCP endpoint, given before any MCP server runs. Bodies are JSON-RPC
 * errors where an MCP client reads them, and RFC 6750 error objects for the bearer challenges.
 */
export function jsonRpcErrorResponse(status: number, code: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers });
}

export function forbiddenOriginResponse(): Response {
  return jsonRpcErrorResponse(403, -32000, "Forbidden: this Origin is not allowed to call the Briefs MCP endpoint.");
}

/**
 * 401 for a missing, malformed, unknown, expired or revoked token, all alike (docs/contract.md#http-answers), with exactly
 * `WWW-Authenticate: Bearer resource_metadata="…"` so a client can discover how to get a token.
 */
export function unauthorizedResponse(description: string): Response {
  return Response.json(
    { error: "invalid_token", error_description: description },
    { status: 401, headers: { "WWW-Authenticate": `Bearer resource_metadata="${protectedResourceMetadataUrl()}"` } },
  );
}

/** 403 for a call whose scopes the token lacks (`what`: "The tool brief_update", "resources/read"); `scope` lists every scope it needs. */
export function insufficientScopeResponse(what: string, scopes: readonly string[]): Response {
  const needed = scopes.join(" ");
  return Response.json(
    { error: "insufficient_scope", error_description: `${what} needs the scopes ${needed}.` },
    {
      status: 403,
      headers: {
        "WWW-Authenticate": `Bearer error="insufficient_scope", scope="${needed}", resource_metadata="${protectedResourceMetadataUrl()}"`,
      },
    },
  );
}


export function payloadTooLargeResponse(): Response {
  return jsonRpcErrorResponse(413, -32000, `Payload Too Large: the request body must not exceed ${REQUEST_BODY_MAX_BYTES} bytes.`);
}

/** 429 for a token over its request limit (lib/rate-limit); Retry-After says when the next request may come. */
export function rateLimitedResponse(retryAfterSeconds: number): Response {
  return jsonRpcErrorResponse(
    429,
    -32000,
    `Too Many Requests: this API token is over its request limit. Retry after ${retryAfterSeconds} seconds.`,
    { "retry-after": String(retryAfterSeconds) },
  );
}
