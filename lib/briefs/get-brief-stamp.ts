import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { findReadableBrief } from "./find-readable-brief";

/** What an open editor polls to notice changes made elsewhere, without loading the brief. */
export async function getBriefStamp(actor: Actor, briefId: string) {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  const { row } = await findReadableBrief(prisma, actor, briefId);
  return { projectId: row.projectId, versionNum: row.versionNum, state: row.state, title: row.title, updatedAt: row.updatedAt.toISOString() };
}
