import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { RECENT_BRIEFS_MAX } from "@/lib/contract/bounds";
import { getPrisma } from "@/lib/db/client";
import { readerMembership } from "@/lib/projects/project-access";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import type { BriefState } from "./schema";

const argsSchema = z.strictObject({ limit: z.number().int().min(1).max(RECENT_BRIEFS_MAX).optional() });

export type RecentBrief = {
  id: string;
  title: string;
  state: BriefState;
  versionNum: number;
  projectName: string;
  updatedAt: string;
};

/**
 * The briefs the caller can read, across all their projects, most recently changed first: what the
 * `brief://` resource list offers to pick from (docs/contract.md#resources-and-prompts).
 */
export async function listRecentBriefs(actor: Actor, input: z.input<typeof argsSchema> = {}): Promise<RecentBrief[]> {
  requireScopes(actor, readScopes);
  const args = parseOrThrow(argsSchema, input);
  const prisma = await getPrisma();
  const rows = await prisma.brief.findMany({
    where: { project: { memberships: { some: readerMembership(actor.userId) } } },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: args.limit ?? RECENT_BRIEFS_MAX,
    select: { id: true, title: true, state: true, versionNum: true, updatedAt: true, project: { select: { name: true } } },
  });
  return rows.map(({ project, updatedAt, ...brief }) => ({ ...brief, projectName: project.name, updatedAt: updatedAt.toISOString() }));
}
