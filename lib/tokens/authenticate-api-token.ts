import type { Actor } from "@/lib/auth/actor";
import { checkBearerCredential, knownBearerCredential, type CredentialLookup } from "@/lib/auth/check-bearer-credential";
import type { RateLimitDecision } from "@/lib/rate-limit/consume-rate-limit";
import type { RequestCount } from "@/lib/rate-limit/count-in-statement";
import { hashTokenSecret, looksLikeToken } from "./token-secret";

/**
 * The token gate: a bearer token → the Actor it acts for, or null when the token is
 * malformed, unknown, expired or revoked (the door answers 401 for all of these alike).
 * It runs on every MCP request, so it is one statement through the driver (two once a minute).
 */
export async function authenticateApiToken(bearer: string, now = new Date()): Promise<Actor | null> {
  return (await authenticateApiTokenAndCount(bearer, null, now))?.actor ?? null;
}

/**
 * As authenticateApiToken, and in the same statement counts the request of a usable token under
 * `count` (lib/rate-limit/count-in-statement.ts); no count is kept for a token that is refused.
 */
export async function authenticateApiTokenAndCount(bearer: string, count: RequestCount | null, now = new Date()): Promise<{ actor: Actor; limit: RateLimitDecision } | null> {
  const lookup = apiTokenLookup(bearer);
  return lookup && checkBearerCredential(lookup, count, now);
}

/** A token this process has checked before: its actor, and its check to send with the request's work (knownBearerCredential). */
export function knownApiToken(bearer: string, count: RequestCount | null, now = new Date()): ReturnType<typeof knownBearerCredential> {
  const lookup = apiTokenLookup(bearer);
  return lookup && knownBearerCredential(lookup, count, now);
}

function apiTokenLookup(bearer: string): CredentialLookup | null {
  if (!looksLikeToken(bearer)) return null;
  const hash = hashTokenSecret(bearer);
  return {
    key: `api-token:${hash}`,
    text: `SELECT t.id AS "touchId", t."userId", u.email, t.name AS "tokenName", t.scopes,
                  t."revokedAt" IS NULL AND (t."expiresAt" IS NULL OR t."expiresAt" > $1::timestamp) AS usable,
                  t."lastUsedAt" IS NOT NULL AND t."lastUsedAt" >= $2::timestamp AS "recentlyUsed"
             FROM "ApiToken" t JOIN "User" u ON u.id = t."userId"
            WHERE t."tokenHash" = $3`,
    params: [hash],
    touch: `UPDATE "ApiToken" SET "lastUsedAt" = $2 WHERE id = $1`,
  };
}
