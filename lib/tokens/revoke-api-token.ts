import { getPrisma } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { Actor } from "@/lib/auth/actor";

/** Revoking is immediate: the token gate reads revokedAt on every request. Revoking twice is a no-op. */
export async function revokeApiToken(actor: Actor, tokenId: string): Promise<void> {
  if (actor.door === "mcp") throw new DomainError("PROJECT_ACCESS_DENIED", "Tokens cannot revoke tokens.");
  const prisma = await getPrisma();
  const { count } = await prisma.apiToken.updateMany({
    where: { id: tokenId, userId: actor.userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) {
    const exists = await prisma.apiToken.count({ where: { id: tokenId, userId: actor.userId } });
    if (!exists) throw new DomainError("VALIDATION_ERROR", "No such token.", { issues: [{ path: "tokenId", message: "unknown token" }] });
  }
}
