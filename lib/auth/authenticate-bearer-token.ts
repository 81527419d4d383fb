import type { RateLimitDecision } from "@/lib/rate-limit/consume-rate-limit";
import { rateLimitPolicy } from "@/lib/rate-limit/policy-in-force";
import { authenticateAccessToken, authenticateAccessTokenAndCount, isOAuthAccessToken, knownAccessToken } from "@/lib/oauth/authenticate-access-token";
import { authenticateApiToken, authenticateApiTokenAndCount, knownApiToken } from "@/lib/tokens/authenticate-api-token";
import type { Actor } from "./actor";
import type { knownBearerCredential } from "./check-bearer-credential";

const BEARER = /^Bearer +(\S+) *$/i;

/** The token of an `Authorization: Bearer <token>` header, or null when the header has another form. */
export function bearerTokenOf(header: string): string | null {
  return BEARER.exec(header)?.[1] ?? null;
}

/**
 * A bearer token (a personal API token or an OAuth access token issued for the MCP endpoint) → the
 * Actor it acts for, its request counted under the `mcp-token` limit in the same statement; null when
 * it is unknown, expired or revoked. The MCP endpoint and the evidence files it hands out both use it.
 */
export async function authenticateBearerToken(token: string): Promise<{ actor: Actor; limit: RateLimitDecision } | null> {
  const count = mcpCount(token);
  return isOAuthAccessToken(token) ? authenticateAccessTokenAndCount(token, count) : authenticateApiTokenAndCount(token, count);
}

/**
 * A bearer token this process has checked before → the Actor it acts for, and the same check and
 * count as authenticateBearerToken's as a statement to send ahead of the request's work
 * (knownBearerCredential); null for a token not known here.
 */
export function knownBearerToken(token: string): ReturnType<typeof knownBearerCredential> {
  const count = mcpCount(token);
  return isOAuthAccessToken(token) ? knownAccessToken(token, count) : knownApiToken(token, count);
}

function mcpCount(token: string) {
  const policy = rateLimitPolicy("mcp-token");
  return policy && { policy, key: token };
}

/** Whether a bearer token still holds (neither revoked nor expired), no request counted: what an open stream asks. */
export async function bearerTokenHolds(token: string): Promise<boolean> {
  return (await (isOAuthAccessToken(token) ? authenticateAccessToken(token) : authenticateApiToken(token))) !== null;
}
