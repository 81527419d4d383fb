import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";

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
  const mine = `FROM "BriefItem" i
    JOIN "Brief" b ON b.id = i."briefId"
    JOIN "Membership" m ON m."projectId" = b."projectId" AND m."userId" = $1 AND m.role IN ('owner', 'editor')
    WHERE i.collection = 'proposals' AND i.status = 'open'
      AND b.state NOT IN ('closed', 'superseded')`;
  const [counted, rows] = await Promise.all([
    prisma.$queryRawUnsafe<{ count: number }[]>(`SELECT count(*)::int AS count ${mine}`, actor.userId),
    prisma.$queryRawUnsafe<(Omit<InboxProposal, "createdAt" | "author" | "summary"> & { author: string | null; summary: string | null; createdAt: Date })[]>(
      `SELECT i.id AS "proposalId", b.id AS "briefId", b.title AS "briefTitle", b."projectId", p.name AS "projectName",
              i.data->>'author' AS author, i.data->>'summary' AS summary, i."createdAt"
         ${mine.replace('JOIN "Membership"', 'JOIN "Project" p ON p.id = b."projectId" JOIN "Membership"')}
        ORDER BY i."createdAt" DESC, i.id DESC LIMIT ${INBOX_LIMIT}`,
      actor.userId,
    ),
  ]);
  return {
    count: counted[0]?.count ?? 0,
    items: rows.map((row) => ({ ...row, author: row.author ?? "someone", summary: row.summary ?? "(an older proposal without a summary)", createdAt: new Date(row.createdAt).toISOString() })),
  };
}
