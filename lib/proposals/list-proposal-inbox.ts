import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { rolesAllowed } from "@/lib/projects/project-access";

/** How many waiting proposals the header lists; the count covers them all. */
export const INBOX_LIMIT = 20;

export type InboxProposal = {
  proposalId: string;
  briefId: string;
  briefTitle: string;
  projectId: string;
  projectName: string;
  author: string;
  summary: string;
  createdAt: string;
};

export type ProposalInbox = { count: number; items: InboxProposal[] };

/**
 * The proposals waiting for the person's decision: open proposals on briefs they may decide (owner or
 * editor of the project), newest first. Their own agents' proposals are included: an agent proposes
 * for a person to decide.
 */
export async function listProposalInbox(actor: Actor): Promise<ProposalInbox> {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  // Those who decide proposals are those who may write (docs/contract.md#proposals).
  const rows = await prisma.$queryRawUnsafe<(Omit<InboxProposal, "createdAt" | "author" | "summary"> & { author: string | null; summary: string | null; createdAt: Date; total: number })[]>(
    `SELECT i.id AS "proposalId", b.id AS "briefId", b.title AS "briefTitle", b."projectId", p.name AS "projectName",
            i.data->>'author' AS author, i.data->>'summary' AS summary, i."createdAt", count(*) OVER ()::int AS total
       FROM "BriefItem" i
       JOIN "Brief" b ON b.id = i."briefId"
       JOIN "Project" p ON p.id = b."projectId"
       JOIN "Membership" m ON m."projectId" = b."projectId" AND m."userId" = $1 AND m.role::text = ANY($2::text[])
      WHERE i.collection = 'proposals' AND i.status = 'open' AND b.state NOT IN ('closed', 'superseded')
      ORDER BY i."createdAt" DESC, i.id DESC LIMIT ${INBOX_LIMIT}`,
    actor.userId,
    rolesAllowed("write"),
  );
  return {
    count: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      proposalId: row.proposalId,
      briefId: row.briefId,
      briefTitle: row.briefTitle,
      projectId: row.projectId,
      projectName: row.projectName,
      author: row.author ?? "someone",
      summary: row.summary ?? "(an older proposal without a summary)",
      createdAt: new Date(row.createdAt).toISOString(),
    })),
  };
}
