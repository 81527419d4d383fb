import crypto from "node:crypto";
import { getPrisma } from "@/lib/db/client";
import { sessionExpiry } from "./session-lifetime";

/** A new signed-in browser for this user; the returned id goes into the signed session cookie. */
export async function startSession(userId: string): Promise<string> {
  const prisma = await getPrisma();
  const id = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  await prisma.webSession.create({ data: { id, userId, createdAt: now, lastUsedAt: now, expiresAt: sessionExpiry(now) } });
  return id;
}
