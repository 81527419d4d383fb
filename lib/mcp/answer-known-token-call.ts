import { isJsonContentType, isLegacyRequest } from "@modelcontextprotocol/server";
import { bearerTokenOf, knownBearerToken } from "@/lib/auth/authenticate-bearer-token";
import { REQUEST_BODY_MAX_BYTES } from "@/lib/contract/bounds";
import { decodeUtf8Body } from "@/lib/http/read-utf8-body";
import { noteActingUser } from "@/lib/observe/request-context";
import { plainCall } from "./answer-plain-call";
import { rateLimitedResponse, unauthorizedResponse } from "./http-answers";
import { scopeChallenge } from "./scope-challenge";

/**
 * The door's hot path without a round trip of its own: a plain call (answer-plain-call.ts) whose
 * token this process has checked before. The call runs as the actor the token acted for then, and
 * the token's check and count — the same statement the gate sends (bearer-gate.ts) — travel with
 * the call's first database work (knownBearerCredential, lib/db/statement-ahead.ts): a write sends
 * them in the same round trip as its BEGIN. Nothing of the call commits, and nothing is answered, before that statement
 * has confirmed the token as it stands in the database now: a revoked or expired token is answered
 * 401 and one over its limit 429, as by the gate, and the call's work is rolled back.
 *
 * Undefined, and left to the full path, for a token not known here, for a body or message a plain
 * call would not take or the scope check would refuse, and for a token whose facts (user, scopes,
 * label) changed since.
 */
export async function answerKnownTokenCall(request: Request, body: Uint8Array): Promise<Response | undefined> {
  if (request.method !== "POST" || !isJsonContentType(request.headers.get("content-type"))) return undefined;
  const token = bearerTokenOf(request.headers.get("authorization") ?? "");
  const known = token ? knownBearerToken(token) : null;
  if (!known) return undefined;
  const read = decodeUtf8Body(body, REQUEST_BODY_MAX_BYTES);
  if (!read.ok) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(read.text);
  } catch {
    return undefined;
  }
  // A call its arguments need more scopes for (accepting a proposal) is answered 403 by the gate's order.
  if (scopeChallenge(message, known.actor) || !(await isLegacyRequest(request, message))) return undefined;
  const call = plainCall(request, message, known.actor);
  if (!call) return undefined;
  const outcome = await known.run(call);
  if (outcome.confirmed) {
    noteActingUser(known.actor.userId);
    return outcome.value;
  }
  if (outcome.reason === "refused") return unauthorizedResponse("The token is unknown, expired or revoked.");
  if (outcome.reason === "limited") return rateLimitedResponse(outcome.retryAfterSeconds);
  // Its facts changed since: checked afresh, and counted once more, on the full path.
  return undefined;
}
