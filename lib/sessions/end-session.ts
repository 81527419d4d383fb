import { getPrisma } from "@/lib/db/client";

/** Signing out: this session ends on the server, so a copy of its cookie stops working too. */
export async function endSession(sessionId: unknown): Promise<void> {
  if (typeof sessionId !== "string" || sessionId.length === 0) return;
  const prisma = await getPrisma();
  await prisma.webSession.deleteMany({ where: { id: sessionId } });
}
