import { getPrisma } from "@/lib/db/client";

/**
 * "Sign out everywhere", and what a password change does: every session of the user ends, except
 * `keep` (the browser the change was made from) when given.
 */
export async function endUserSessions(userId: string, keep?: string): Promise<number> {
  const prisma = await getPrisma();
  const { count } = await prisma.webSession.deleteMany({ where: { userId, ...(keep && { id: { not: keep } }) } });
  return count;
}
