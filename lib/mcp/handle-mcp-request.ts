import { createMcpHandler, isJsonContentType, isLegacyRequest, type AuthInfo, type McpRequestContext } from "@modelcontextprotocol/server";
import { decodeUtf8Body, readUtf8Body } from "@/lib/http/read-utf8-body";
import type { Actor } from "@/lib/auth/actor";
import { toDomainError } from "@/lib/internal-error";
import { answerLegacyPost } from "./answer-legacy-post";
import { answerKnownTokenCall } from "./answer-known-token-call";
import { answerListen, isListenRequest } from "./answer-listen";
import { answerPlainCall } from "./answer-plain-call";
import { authenticateBearer } from "./bearer-gate";
import { createMcpServer, registrationFor, type Registration } from "./create-mcp-server";
import {
  forbiddenOriginResponse,
  jsonRpcErrorResponse,
  payloadTooLargeResponse,
  rateLimitedResponse,
} from "./http-answers";
import { isAllowedOrigin } from "@/lib/http/origin-guard";
import { liveEventBus } from "./live-event-bus";
import { protectedResourceMetadataUrl } from "@/lib/config/mcp-resource";
import { scopeChallenge } from "./scope-challenge";
import { REQUEST_BODY_MAX_BYTES } from "@/lib/contract/bounds";

// Stateless Streamable HTTP for 2025-11-25 (initialize handshake) and 2026-07-28 clients alike;
// GET and DELETE (session operations) are answered 405 by the SDK. 2025-era POSTs, the common
// case, are answered as one JSON body (answer-legacy-post.ts), and a single tools/call or ping
// without building a server at all (answer-plain-call.ts). A 2026-07-28 subscriptions/listen is
// answered as a stream of its own (answer-listen.ts); the handler's bus is the same process-wide bus,
// so what it publishes (mcpHandler.notify) reaches those streams.
const serverFor = (authInfo: AuthInfo | undefined, era?: McpRequestContext["era"]) =>
  createMcpServer(authInfo?.extra?.actor as Actor | undefined, authInfo?.extra?.registration as Registration | undefined, era);
const mcpHandler = createMcpHandler(({ authInfo, era }) => serverFor(authInfo, era), { maxRequestBodySize: REQUEST_BODY_MAX_BYTES, bus: liveEventBus });

/**
 * The MCP endpoint, framework-free: Origin (403) → bearer token (401) → the token's rate limit (429)
 * → body of at most 1 MiB (413) → tool scopes (403) → the SDK (a subscriptions/listen: the caller's own
 * stream, answer-listen.ts). Anything unexpected is logged with a request id and answered 500.
 * `body`: a JSON POST's body already read by the caller (at most 1 MiB + 1 byte of it), instead of
 * the request's own, which the SDK then never reads.
 */
export async function handleMcpRequest(request: Request, body?: Uint8Array): Promise<Response> {
  try {
    if (!isAllowedOrigin(request.headers.get("origin"))) return forbiddenOriginResponse();
    const known = body && (await answerKnownTokenCall(request, body));
    if (known) return known;

    const gate = await authenticateBearer(request);
    if (gate instanceof Response) return gate;
    if (!gate.limit.allowed) return rateLimitedResponse(gate.limit.retryAfterSeconds);

    let parsedBody: unknown;
    if (request.method === "POST" && isJsonContentType(request.headers.get("content-type"))) {
      // Read here, bounded, because the scope check needs the message; the SDK's own limit does not
      // apply to a body handed over as parsedBody.
      const read = body ? decodeUtf8Body(body, REQUEST_BODY_MAX_BYTES) : await readUtf8Body(request, REQUEST_BODY_MAX_BYTES);
      if (!read.ok && read.problem === "too_large") return payloadTooLargeResponse();
      if (!read.ok) return jsonRpcErrorResponse(400, -32700, "Parse error: the request body is not valid UTF-8.");
      try {
        parsedBody = JSON.parse(read.text);
      } catch {
        return jsonRpcErrorResponse(400, -32700, "Parse error: the request body is not valid JSON.");
      }
      const challenge = scopeChallenge(parsedBody, gate.actor);
      if (challenge) return challenge;
    }

    const authInfo: AuthInfo = {
      token: gate.token,
      clientId: gate.actor.label,
      scopes: [...gate.actor.scopes],
      resourceMetadataUrl: protectedResourceMetadataUrl(),
      extra: { actor: gate.actor, ...(parsedBody !== undefined && { registration: registrationFor(parsedBody) }) },
    };
    if (parsedBody === undefined) return await mcpHandler.fetch(request, { authInfo });
    // The SDK's own routing decides which era a message belongs to; 2025-era POSTs are answered as JSON.
    if (await isLegacyRequest(request, parsedBody)) {
      return await (answerPlainCall(request, parsedBody, gate.actor) ?? answerLegacyPost(serverFor(authInfo, "legacy"), request, { authInfo, parsedBody }));
    }
    if (isListenRequest(parsedBody)) return await answerListen(request, gate.actor, authInfo, parsedBody);
    return await mcpHandler.fetch(request, { authInfo, parsedBody });
  } catch (error) {
    const { details } = toDomainError(error, "mcp endpoint");
    return jsonRpcErrorResponse(500, -32603, `Internal error; quote request id ${String(details?.requestId)} when reporting it.`);
  }
}
