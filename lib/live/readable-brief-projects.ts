import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { ID_MAX } from "@/lib/contract/bounds";
import { getPrisma } from "@/lib/db/client";
import { readerMembership } from "@/lib/projects/project-access";

/** The most brief ids one question may name: what one MCP subscription may watch (docs/mcp.md#resource-subscriptions). */
export const READABLE_BRIEFS_ASKED_MAX = 1000;

/** No id the database could hold has a NUL (PostgreSQL text cannot), or is longer than any id the app makes. */
const possibleId = (id: string) => id.length > 0 && id.length <= ID_MAX && !id.includes("\0");

/**
 * Of these brief ids, the ones the actor may read now, each with its project; an id that is missing
 * and one of someone else's are alike left out (docs/contract.md#access). What an MCP subscription
 * may hear about, asked when it opens and again whenever the person's memberships change.
 */
export async function readableBriefProjects(actor: Actor, briefIds: readonly string[]): Promise<Map<string, string>> {
  requireScopes(actor, readScopes);
  const ids = [...new Set(briefIds)].filter(possibleId).slice(0, READABLE_BRIEFS_ASKED_MAX);
  if (!ids.length) return new Map();
  const prisma = await getPrisma();
  const rows = await prisma.brief.findMany({
    where: { id: { in: ids }, project: { memberships: { some: readerMembership(actor.userId) } } },
    select: { id: true, projectId: true },
  });
  return new Map(rows.map((row) => [row.id, row.projectId]));
}
