import { getPrisma } from "@/lib/db/client";
import { actorLabel, type Actor } from "@/lib/auth/actor";
import { isScope } from "@/lib/auth/scopes";
import { mcpResource } from "@/lib/config/mcp-resource";
import { hashSecret, looksLike } from "./client-secret";

// "Last used" is for people reading the connected-apps page; minute precision spares a write per call.
const LAST_USED_RESOLUTION_MS = 60_000;

export function isOAuthAccessToken(bearer: string): boolean {
  return looksLike("accessToken", bearer);
}

/**
 * An OAuth access token at the MCP endpoint → the Actor it acts for, or null when it is unknown,
 * expired, revoked (alone or with its grant) or meant for another resource. The actor has the same
 * shape and scope rules as a personal token's; its label names the connected app.
 */
export async function authenticateAccessToken(bearer: string, now = new Date()): Promise<Actor | null> {
  if (!isOAuthAccessToken(bearer)) return null;
  const prisma = await getPrisma();
  const token = await prisma.oAuthToken.findUnique({
    where: { tokenHash: hashSecret(bearer) },
    include: { grant: { include: { user: true, client: true } } },
  });
  if (!token || token.kind !== "access" || token.revokedAt || token.grant.revokedAt || token.expiresAt <= now) return null;
  if (token.resource !== mcpResource()) return null;
  const { grant } = token;
  if (!grant.lastUsedAt || now.getTime() - grant.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await prisma.oAuthGrant.update({ where: { id: grant.id }, data: { lastUsedAt: now } });
  }
  return {
    userId: grant.userId,
    email: grant.user.email,
    label: actorLabel({ email: grant.user.email, tokenName: grant.client.name }),
    door: "mcp",
    scopes: token.scopes.filter(isScope),
  };
}
