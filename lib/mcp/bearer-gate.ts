import type { Actor } from "@/lib/auth/actor";
import { authenticateApiToken, authenticateApiTokenAndCount } from "@/lib/tokens/authenticate-api-token";
import { authenticateAccessToken, isOAuthAccessToken } from "@/lib/oauth/authenticate-access-token";
import { consumeRateLimit, type RateLimitDecision } from "@/lib/rate-limit/consume-rate-limit";
import { rateLimitPolicy } from "@/lib/rate-limit/policy-in-force";
import { unauthorizedResponse } from "./http-answers";

const UNLIMITED: RateLimitDecision = { allowed: true, remaining: Number.POSITIVE_INFINITY };

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * The MCP door's gate: `Authorization: Bearer <token>` → the Actor the token acts for and the
 * token's request counted under its limit (policy `mcp-token`), or the 401 answer. A personal API
 * token or an OAuth access token issued for this endpoint; OAuth tokens are accepted here and
 * nowhere else. A personal token is checked and counted in one statement; an OAuth token is
 * checked, then counted.
 */
export async function authenticateBearer(request: Request): Promise<{ actor: Actor; token: string; limit: RateLimitDecision } | Response> {
  const header = request.headers.get("authorization");
  if (header === null || header.trim() === "") {
    return unauthorizedResponse("A token is required: connect with OAuth, or send Authorization: Bearer <API token>.");
  }
  const token = BEARER.exec(header)?.[1];
  if (!token) return unauthorizedResponse("The Authorization header must be: Bearer <token>.");
  const policy = rateLimitPolicy("mcp-token");
  let gate: { actor: Actor; limit: RateLimitDecision } | null;
  if (isOAuthAccessToken(token)) {
    const actor = await authenticateAccessToken(token);
    gate = actor && { actor, limit: await consumeRateLimit(policy, token) };
  } else if (policy) {
    gate = await authenticateApiTokenAndCount(token, { policy, key: token });
  } else {
    const actor = await authenticateApiToken(token);
    gate = actor && { actor, limit: UNLIMITED };
  }
  if (!gate) return unauthorizedResponse("The token is unknown, expired or revoked.");
  return { ...gate, token };
}
