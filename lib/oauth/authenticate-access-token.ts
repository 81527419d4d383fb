import { getSql } from "@/lib/db/client";
import { actorLabel, type Actor } from "@/lib/auth/actor";
import { isScope } from "@/lib/auth/scopes";
import { mcpResource } from "@/lib/config/mcp-resource";
import type { RateLimitDecision } from "@/lib/rate-limit/consume-rate-limit";
import { decisionOf, selectCounting, type CountedColumns, type RequestCount } from "@/lib/rate-limit/count-in-statement";
import { hashSecret, looksLike } from "./client-secret";

// "Last used" is for people reading the connected-apps page; minute precision spares a write per call.
const LAST_USED_RESOLUTION_MS = 60_000;

export function isOAuthAccessToken(bearer: string): boolean {
  return looksLike("accessToken", bearer);
}

type AccessTokenRow = CountedColumns & {
  grantId: string;
  userId: string;
  email: string;
  clientName: string;
  scopes: string[];
  usable: boolean;
  recentlyUsed: boolean;
};

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
  if (!isOAuthAccessToken(bearer)) return null;
  const sql = await getSql();
  const statement = selectCounting(
    {
      text: `SELECT g.id AS "grantId", g."userId", u.email, c.name AS "clientName", coalesce(t.scopes, '{}') AS scopes,
                    t.kind = 'access' AND t."revokedAt" IS NULL AND g."revokedAt" IS NULL AND t."expiresAt" > $2::timestamp AND t.resource = $3 AS usable,
                    g."lastUsedAt" IS NOT NULL AND g."lastUsedAt" >= $4::timestamp AS "recentlyUsed"
               FROM "OAuthToken" t
               JOIN "OAuthGrant" g ON g.id = t."grantId"
               JOIN "User" u ON u.id = g."userId"
               JOIN "OAuthClient" c ON c.id = g."clientId"
              WHERE t."tokenHash" = $1`,
      params: [hashSecret(bearer), now.toISOString(), mcpResource(), new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString()],
    },
    count,
    now,
  );
  const [token] = await sql.query<AccessTokenRow>(statement.text, statement.params);
  if (!token || !token.usable) return null;
  if (!token.recentlyUsed) await sql.query(`UPDATE "OAuthGrant" SET "lastUsedAt" = $2 WHERE id = $1`, [token.grantId, now.toISOString()]);
  const actor: Actor = {
    userId: token.userId,
    email: token.email,
    label: actorLabel({ email: token.email, tokenName: token.clientName }),
    door: "mcp",
    scopes: token.scopes.filter(isScope),
  };
  return { actor, limit: decisionOf(count, token, now) };
}
