import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { sqlOf } from "@/lib/db/transaction";
import { validationError } from "@/lib/errors";
import { roleAllows } from "@/lib/projects/project-access";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toBriefRecord } from "@/lib/briefs/brief-record";
import { findReadableBrief } from "@/lib/briefs/find-readable-brief";
import { isReadOnlyState } from "@/lib/briefs/lifecycle";
import { loadCurrentContent, loadVersionContent } from "@/lib/briefs/version-store";
import { mergeSection, proposedValue, type ProposalConflict } from "./merge-proposal";
import { storedProposal, toProposalItem } from "./proposal-item";
import { standingOf } from "./proposal-standing";
import { loadProposedSections } from "./proposed-sections";
import { transactionOptions } from "@/lib/db/transaction";

export const proposalReviewArgsSchema = z.strictObject({ briefId: z.string().min(1), proposalId: z.string().min(1) });

/** One changed section as a person reviews it: now, and after accepting it (null while it conflicts). */
export type ReviewedSection = { key: string; current: unknown; proposed: unknown; afterAccept: unknown; conflicts: ProposalConflict[] };

/**
 * A proposal for its review page, from one snapshot: the proposal with its standing, the brief, and
 * per changed section the current value beside what accepting would make of it — the same merge
 * brief_proposal_decide runs — and what the reader may do with it.
 */
export async function getProposalReview(actor: Actor, input: z.input<typeof proposalReviewArgsSchema>) {
  requireScopes(actor, readScopes);
  const args = parseOrThrow(proposalReviewArgsSchema, input);
  const prisma = await getPrisma();
  return prisma.$transaction(
    async (tx) => {
      const { row, project } = await findReadableBrief(tx, actor, args.briefId);
      const item = await tx.briefItem.findFirst({ where: { id: args.proposalId, briefId: row.id, collection: "proposals" } });
      if (!item) throw validationError([{ path: "proposalId", message: "This brief has no proposal with that id." }]);
      const content = await loadCurrentContent(tx, row);
      const standing = (await standingOf(sqlOf(tx), row, content, [item])).get(item.id);
      const proposal = toProposalItem(item, standing);
      const stored = storedProposal(item);
      let sections: ReviewedSection[] = [];
      if (!item.legacy) {
        const base = stored.baseVersionNum === row.versionNum ? content : await loadVersionContent(tx, await tx.briefVersion.findUniqueOrThrow({ where: { briefId_versionNum: { briefId: row.id, versionNum: stored.baseVersionNum } }, select: { sections: true } }));
        const changes = await loadProposedSections(sqlOf(tx), stored.changeRefs);
        sections = stored.changedSections.map((key) => {
          const proposed = proposedValue(changes, key);
          const merged = mergeSection(key, base[key], proposed, content[key]);
          return { key, current: content[key], proposed, afterAccept: merged.conflicts.length ? null : merged.value, conflicts: merged.conflicts };
        });
      }
      const open = proposal.status === "open" && !isReadOnlyState(row.state);
      return {
        brief: toBriefRecord(row, content),
        proposal,
        sections,
        yourRole: project.role,
        canDecide: open && roleAllows(project.role, "write"),
        canWithdraw: open && !item.legacy && item.createdById === actor.userId,
      };
    },
    { isolationLevel: "RepeatableRead", ...transactionOptions },
  );
}
