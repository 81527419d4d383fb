import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { findReadableBrief } from "./find-readable-brief";

/**
 * What an open page checks when it may have missed a change (lib/live), without loading the brief:
 * `changeSeq` counts every change to the brief and what it holds.
 */
export async function getBriefStamp(actor: Actor, briefId: string) {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  const { row } = await findReadableBrief(prisma, actor, briefId);
  return { projectId: row.projectId, changeSeq: row.changeSeq, versionNum: row.versionNum, state: row.state, title: row.title, updatedAt: row.updatedAt.toISOString() };
}
