import { getSql } from "@/lib/db/client";
import { actorLabel, type Actor } from "@/lib/auth/actor";
import { isScope } from "@/lib/auth/scopes";
import { hashTokenSecret, looksLikeToken } from "./token-secret";
import type { RateLimitDecision } from "@/lib/rate-limit/consume-rate-limit";
import { decisionOf, selectCounting, type CountedColumns, type RequestCount } from "@/lib/rate-limit/count-in-statement";

// lastUsedAt is for people reading the token list; minute precision spares a write per request.
const LAST_USED_RESOLUTION_MS = 60_000;

type TokenRow = CountedColumns & {
  id: string;
  userId: string;
  name: string;
  scopes: string[];
  email: string;
  usable: boolean;
  recentlyUsed: boolean;
};

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
  if (!looksLikeToken(bearer)) return null;
  const sql = await getSql();
  const statement = selectCounting(
    {
      text: `SELECT t.id, t."userId", t.name, t.scopes, u.email,
                    t."revokedAt" IS NULL AND (t."expiresAt" IS NULL OR t."expiresAt" > $2::timestamp) AS usable,
                    t."lastUsedAt" IS NOT NULL AND t."lastUsedAt" >= $3::timestamp AS "recentlyUsed"
               FROM "ApiToken" t JOIN "User" u ON u.id = t."userId"
              WHERE t."tokenHash" = $1`,
      params: [hashTokenSecret(bearer), now.toISOString(), new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString()],
    },
    count,
    now,
  );
  const [token] = await sql.query<TokenRow>(statement.text, statement.params);
  if (!token || !token.usable) return null;
  if (!token.recentlyUsed) await sql.query(`UPDATE "ApiToken" SET "lastUsedAt" = $2 WHERE id = $1`, [token.id, now.toISOString()]);
  const actor: Actor = {
    userId: token.userId,
    email: token.email,
    label: actorLabel({ email: token.email, tokenName: token.name }),
    door: "mcp",
    scopes: token.scopes.filter(isScope),
  };
  return { actor, limit: decisionOf(count, token, now) };
}
