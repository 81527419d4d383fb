import type { Actor } from "@/lib/auth/actor";
import { authenticateBearerToken, bearerTokenOf } from "@/lib/auth/authenticate-bearer-token";
import type { RateLimitDecision } from "@/lib/rate-limit/consume-rate-limit";
import { noteActingUser } from "@/lib/observe/request-context";
import { unauthorizedResponse } from "./http-answers";

/**
 * The MCP door's gate: `Authorization: Bearer <token>` → the Actor the token acts for and the
 * token's request counted under its limit (policy `mcp-token`), or the 401 answer. A personal API
 * token or an OAuth access token issued for this endpoint; OAuth tokens are accepted here and
 * nowhere else. Either kind is checked and its request counted in one statement.
 */
export async function authenticateBearer(request: Request): Promise<{ actor: Actor; token: string; limit: RateLimitDecision } | Response> {
  const header = request.headers.get("authorization");
  if (header === null || header.trim() === "") {
    return unauthorizedResponse("A token is required: connect with OAuth, or send Authorization: Bearer <API token>.");
  }
  const token = bearerTokenOf(header);
  if (!token) return unauthorizedResponse("The Authorization header must be: Bearer <token>.");
  const gate = await authenticateBearerToken(token);
  if (!gate) return unauthorizedResponse("The token is unknown, expired or revoked.");
  noteActingUser(gate.actor.userId);
  return { ...gate, token };
}
