import { getSql } from "@/lib/db/client";
import { actorLabel, type Actor } from "@/lib/auth/actor";
import { isScope } from "@/lib/auth/scopes";
import { hashTokenSecret, looksLikeToken } from "./token-secret";

// lastUsedAt is for people reading the token list; minute precision spares a write per request.
const LAST_USED_RESOLUTION_MS = 60_000;

type TokenRow = { id: string; userId: string; name: string; scopes: string[]; email: string; usable: boolean; recentlyUsed: boolean };

/**
 * The token gate: a bearer token → the Actor it acts for, or null when the token is
 * malformed, unknown, expired or revoked (the door answers 401 for all of these alike).
 * It runs on every MCP request, so it is one statement through the driver (two once a minute).
 */
export async function authenticateApiToken(bearer: string, now = new Date()): Promise<Actor | null> {
  if (!looksLikeToken(bearer)) return null;
  const sql = await getSql();
  const [token] = await sql.query<TokenRow>(
    `SELECT t.id, t."userId", t.name, t.scopes, u.email,
            t."revokedAt" IS NULL AND (t."expiresAt" IS NULL OR t."expiresAt" > $2::timestamp) AS usable,
            t."lastUsedAt" IS NOT NULL AND t."lastUsedAt" >= $3::timestamp AS "recentlyUsed"
       FROM "ApiToken" t JOIN "User" u ON u.id = t."userId"
      WHERE t."tokenHash" = $1`,
    [hashTokenSecret(bearer), now.toISOString(), new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString()],
  );
  if (!token || !token.usable) return null;
  if (!token.recentlyUsed) await sql.query(`UPDATE "ApiToken" SET "lastUsedAt" = $2 WHERE id = $1`, [token.id, now.toISOString()]);
  return {
    userId: token.userId,
    email: token.email,
    label: actorLabel({ email: token.email, tokenName: token.name }),
    door: "mcp",
    scopes: token.scopes.filter(isScope),
  };
}
