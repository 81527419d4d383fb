import type { Actor } from "@/lib/auth/actor";
import { checkBearerCredential, knownBearerCredential, type CredentialLookup } from "@/lib/auth/check-bearer-credential";
import { mcpResource } from "@/lib/config/mcp-resource";
import type { RateLimitDecision } from "@/lib/rate-limit/consume-rate-limit";
import type { RequestCount } from "@/lib/rate-limit/count-in-statement";
import { hashSecret, looksLike } from "./client-secret";

export function isOAuthAccessToken(bearer: string): boolean {
  return looksLike("accessToken", bearer);
}

/**
 * An OAuth access token at the MCP endpoint → the Actor it acts for, or null when it is unknown,
 * expired, revoked (alone or with its grant) or meant for another resource. The actor has the same
 * shape and scope rules as a personal token's; its label names the connected app.
 */
export async function authenticateAccessToken(bearer: string, now = new Date()): Promise<Actor | null> {
  return (await authenticateAccessTokenAndCount(bearer, null, now))?.actor ?? null;
}

/**
 * As authenticateAccessToken, and in the same statement counts the request of a usable token under
 * `count` (lib/rate-limit/count-in-statement.ts), as the MCP door does for personal tokens: the
 * check of a hosted agent's every call is one round trip too (two once a minute, for "last used").
 */
export async function authenticateAccessTokenAndCount(bearer: string, count: RequestCount | null, now = new Date()): Promise<{ actor: Actor; limit: RateLimitDecision } | null> {
  const lookup = accessTokenLookup(bearer);
  return lookup && checkBearerCredential(lookup, count, now);
}

/** An access token this process has checked before: its actor, and its check to send with the request's work (knownBearerCredential). */
export function knownAccessToken(bearer: string, count: RequestCount | null, now = new Date()): ReturnType<typeof knownBearerCredential> {
  const lookup = accessTokenLookup(bearer);
  return lookup && knownBearerCredential(lookup, count, now);
}

function accessTokenLookup(bearer: string): CredentialLookup | null {
  if (!isOAuthAccessToken(bearer)) return null;
  const hash = hashSecret(bearer);
  return {
    key: `oauth-access-token:${hash}`,
    text: `SELECT g.id AS "touchId", g."userId", u.email, c.name AS "tokenName", t.scopes,
                  t.kind = 'access' AND t."revokedAt" IS NULL AND g."revokedAt" IS NULL AND t."expiresAt" > $1::timestamp AND t.resource = $4 AS usable,
                  g."lastUsedAt" IS NOT NULL AND g."lastUsedAt" >= $2::timestamp AS "recentlyUsed"
             FROM "OAuthToken" t
             JOIN "OAuthGrant" g ON g.id = t."grantId"
             JOIN "User" u ON u.id = g."userId"
             JOIN "OAuthClient" c ON c.id = g."clientId"
            WHERE t."tokenHash" = $3`,
    params: [hash, mcpResource()],
    touch: `UPDATE "OAuthGrant" SET "lastUsedAt" = $2 WHERE id = $1`,
  };
}
