import { createMcpHandler, type AuthInfo } from "@modelcontextprotocol/server";
import type { Actor } from "@/lib/auth/actor";
import { hasScopes, readScopes } from "@/lib/auth/scopes";
import { READABLE_BRIEFS_ASKED_MAX, readableBriefProjects } from "@/lib/live/readable-brief-projects";
import { REQUEST_BODY_MAX_BYTES } from "@/lib/contract/bounds";
import { startChangeFeed } from "@/lib/live/change-feed";
import { briefUri } from "./brief-resources";
import { createMcpServer } from "./create-mcp-server";
import { insufficientScopeResponse } from "./http-answers";
import { liveEventBus } from "./live-event-bus";
import { openListenStreams, readableView } from "./listen-scope";

/** Open subscription streams per process, the SDK's own default limit. */
const LISTENS_MAX = 1024;

type ListenRequest = {
  id?: unknown;
  method: "subscriptions/listen";
  params?: { notifications?: { resourceSubscriptions?: unknown } & Record<string, unknown> } & Record<string, unknown>;
};

/**
 * A `subscriptions/listen` (2026-07-28; a 2025-era client has no such method). Every one comes here,
 * well-formed or not, so that none reaches the SDK without its resources vetted; the SDK refuses
 * what is malformed.
 */
export function isListenRequest(body: unknown): body is ListenRequest {
  return !Array.isArray(body) && (body as { method?: unknown } | null)?.method === "subscriptions/listen";
}

/** The brief id a `brief://{briefId}` URI names; versions never change, and other URIs are never updated. */
function briefIdOf(uri: string): string | undefined {
  const rest = uri.startsWith("brief://") ? uri.slice("brief://".length) : "";
  return rest && !rest.includes("/") ? rest : undefined;
}

/** An in-band refusal of a listen, before its acknowledgement, as the SDK gives its own. */
function refused(id: unknown, code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: typeof id === "string" || typeof id === "number" ? id : null }, { status: 200 });
}

/** The server a listen stream reads its capabilities from: nothing registered, nothing to run. */
const capabilitiesOnly = () => createMcpServer(undefined, { resourcesAndPrompts: false }, "modern");

/**
 * `subscriptions/listen` (docs/mcp.md#resource-subscriptions): a long-lived POST answered as an
 * event stream of `notifications/resources/updated` for the `brief://{briefId}` resources it names.
 *
 * Only briefs the caller may read are subscribed: the rest (another tenant's, missing ones, versions,
 * other URIs) are taken out of the filter before the SDK acknowledges it, so the acknowledgement
 * lists exactly what will be delivered, and "not yours" looks the same as "no such brief". Refusing
 * the whole listen instead would break every re-listen of a client when one brief went away. A
 * token without brief:read naming resources is refused with 403, as a resources/read would be.
 *
 * Each stream gets a handler of its own whose bus is that caller's view of the process's bus
 * (listen-scope.ts): the SDK hands one bus to all of a handler's streams and filters by URI only.
 * The SDK writes the stream, its keep-alives and its headers (`Cache-Control: no-cache,
 * no-transform`, `X-Accel-Buffering: no`), and closes it gracefully on shutdown.
 */
export async function answerListen(request: Request, actor: Actor, authInfo: AuthInfo, message: ListenRequest): Promise<Response> {
  const requested = message.params?.notifications?.resourceSubscriptions;
  const uris = Array.isArray(requested) ? requested.filter((uri): uri is string => typeof uri === "string") : [];
  if (uris.length && !hasScopes(actor.scopes, readScopes)) return insufficientScopeResponse("subscriptions/listen of brief resources", readScopes);
  if (openListenStreams() >= LISTENS_MAX) return refused(message.id, -32603, "Subscription limit reached");
  const ids = [...new Set(uris.map(briefIdOf).filter((id) => id !== undefined))];
  if (ids.length > READABLE_BRIEFS_ASKED_MAX) {
    return refused(message.id, -32602, `Invalid params: one subscription may name at most ${READABLE_BRIEFS_ASKED_MAX} briefs.`);
  }

  // The feed runs before the acknowledgement, so whatever commits after it is announced (a database
  // listener still connecting says `sync` once it listens, and every watched brief is announced).
  await startChangeFeed();
  const briefs = ids.length ? await readableBriefProjects(actor, ids) : new Map<string, string>();
  const readable = new Set([...briefs.keys()].map(briefUri));
  // Anything but an array of strings is left for the SDK to refuse (-32602); a non-string can match no URI.
  const vetted = Array.isArray(requested)
    ? { ...message, params: { ...message.params, notifications: { ...message.params?.notifications, resourceSubscriptions: requested.filter((uri) => typeof uri !== "string" || readable.has(uri)) } } }
    : message;

  // The stream ends (gracefully) by closing its handler; that happens only once it is serving.
  const bus = readableView(liveEventBus, actor, authInfo.token, briefs, () => void handler.close());
  const handler = createMcpHandler(capabilitiesOnly, { legacy: "reject", bus, maxSubscriptions: 1, maxRequestBodySize: REQUEST_BODY_MAX_BYTES });
  return handler.fetch(request, { authInfo, parsedBody: vetted });
}
