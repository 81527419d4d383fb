import { getPrisma } from "@/lib/db/client";
import { SESSION_RENEW_AFTER_MS, sessionExpiry } from "./session-lifetime";

/**
 * Whether a session cookie's session still holds, for this user; renews it while in use. Every
 * request that reads the signed-in person goes through here, so ending a session on the server
 * ends it for every copy of its cookie.
 */
export async function checkSession(sessionId: unknown, userId: unknown): Promise<boolean> {
  if (typeof sessionId !== "string" || typeof userId !== "string" || sessionId.length === 0) return false;
  const prisma = await getPrisma();
  const session = await prisma.webSession.findUnique({ where: { id: sessionId } });
  const now = new Date();
  if (!session || session.userId !== userId) return false;
  if (session.expiresAt <= now) {
    await prisma.webSession.deleteMany({ where: { id: sessionId } });
    return false;
  }
  if (now.getTime() - session.lastUsedAt.getTime() >= SESSION_RENEW_AFTER_MS) {
    await prisma.webSession.updateMany({ where: { id: sessionId }, data: { lastUsedAt: now, expiresAt: sessionExpiry(now) } });
  }
  return true;
}

/**
 * Whether the session still holds, without renewing it: what a long-lived stream asks now and then.
 * A stream left open is not the person using the app, so it does not keep the session alive.
 */
export async function sessionStillHolds(sessionId: unknown, userId: string): Promise<boolean> {
  if (typeof sessionId !== "string" || sessionId.length === 0) return false;
  const prisma = await getPrisma();
  const session = await prisma.webSession.findUnique({ where: { id: sessionId }, select: { userId: true, expiresAt: true } });
  return session !== null && session.userId === userId && session.expiresAt > new Date();
}
