import { getPrisma } from "@/lib/db/client";
import type { OAuthClient } from "@/lib/generated/prisma/client";
import { hashSecret } from "./client-secret";

/**
 * RFC 7009 revocation by the client. An access token ends alone; a refresh token ends with its
 * whole family (every token descended from the same authorization). Unknown tokens, and tokens of
 * other clients, are answered the same way and left alone.
 */
export async function revokeOAuthToken(client: OAuthClient, token: string, now = new Date()): Promise<void> {
  const prisma = await getPrisma();
  const row = await prisma.oAuthToken.findUnique({ where: { tokenHash: hashSecret(token) }, include: { grant: true } });
  if (!row || row.grant.clientId !== client.id || row.revokedAt) return;
  if (row.kind === "access") {
    await prisma.oAuthToken.update({ where: { tokenHash: row.tokenHash }, data: { revokedAt: now } });
  } else {
    await prisma.oAuthToken.updateMany({ where: { familyId: row.familyId, revokedAt: null }, data: { revokedAt: now } });
  }
}
