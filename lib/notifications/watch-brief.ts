import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { findReadableBrief } from "@/lib/briefs/find-readable-brief";
import { getPrisma } from "@/lib/db/client";

/** The brief's writers watch it unless they said otherwise; anyone else only when they chose to. */
export async function isWatching(actor: Actor, briefId: string): Promise<boolean> {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    const { row } = await findReadableBrief(tx, actor, briefId);
    const chosen = await tx.watch.findUnique({ where: { userId_briefId: { userId: actor.userId, briefId } } });
    if (chosen) return chosen.watching;
    if (row.createdById === actor.userId) return true;
    return (await tx.briefVersion.count({ where: { briefId, createdById: actor.userId } })) > 0;
  });
}

/** Anyone who can read a brief watches it or stops watching it: its state changes notify watchers. */
export async function setWatching(actor: Actor, briefId: string, watching: boolean, now = new Date()): Promise<{ watching: boolean }> {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    await findReadableBrief(tx, actor, briefId);
    await tx.watch.upsert({ where: { userId_briefId: { userId: actor.userId, briefId } }, create: { userId: actor.userId, briefId, watching, at: now }, update: { watching, at: now } });
  });
  return { watching };
}
