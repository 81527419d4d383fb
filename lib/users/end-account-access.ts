import type { Tx } from "@/lib/db/transaction";
import { revokeGrantTokens } from "@/lib/oauth/issue-token-pair";

/**
 * When someone proves an address whose account another person made without proving it, that person
 * keeps nothing: every browser session ends, and every API token and connected app they set up stops
 * working at once.
 */
export async function endAccountAccess(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.webSession.deleteMany({ where: { userId } });
  await tx.apiToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  const grants = await tx.oAuthGrant.findMany({ where: { userId, revokedAt: null }, select: { id: true } });
  for (const grant of grants) await revokeGrantTokens(tx, grant.id, now);
}
