import { getPrisma } from "@/lib/db/client";
import { actorLabel, type Actor } from "@/lib/auth/actor";
import { isScope } from "@/lib/auth/scopes";
import { hashTokenSecret, looksLikeToken } from "./token-secret";

// lastUsedAt is for people reading the token list; minute precision spares a write per request.
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The token gate: a bearer token → the Actor it acts for, or null when the token is
 * malformed, unknown, expired or revoked (the door answers 401 for all of these alike).
 */
export async function authenticateApiToken(bearer: string, now = new Date()): Promise<Actor | null> {
  if (!looksLikeToken(bearer)) return null;
  const prisma = await getPrisma();
  const token = await prisma.apiToken.findUnique({
    where: { tokenHash: hashTokenSecret(bearer) },
    include: { user: true },
  });
  if (!token || token.revokedAt || (token.expiresAt && token.expiresAt <= now)) return null;
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await prisma.apiToken.update({ where: { id: token.id }, data: { lastUsedAt: now } });
  }
  return {
    userId: token.userId,
    email: token.user.email,
    label: actorLabel({ email: token.user.email, tokenName: token.name }),
    door: "mcp",
    scopes: token.scopes.filter(isScope),
  };
}
