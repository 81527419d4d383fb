import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { findReadableBrief } from "@/lib/briefs/find-readable-brief";
import { getPrisma, getSql } from "@/lib/db/client";
import { BRIEF_WATCHERS } from "./watchers";

/** Whether the person is among the brief's watchers (watchers.ts), as its state changes will find them. */
export async function isWatching(actor: Actor, briefId: string): Promise<boolean> {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  await findReadableBrief(prisma, actor, briefId);
  const sql = await getSql();
  const [row] = await sql.query<{ watching: boolean }>(`SELECT EXISTS (SELECT 1 FROM (${BRIEF_WATCHERS}) w WHERE w.id = $2) AS watching`, [briefId, actor.userId]);
  return row.watching;
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
