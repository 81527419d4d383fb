import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { proposeScopes } from "@/lib/auth/scopes";
import { DomainError } from "@/lib/errors";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { insertBriefItem } from "@/lib/briefs/brief-items";
import { assertWritable } from "@/lib/briefs/lock-brief";
import { runLockedWrite } from "@/lib/briefs/run-brief-write";
import { itemChangesOf } from "./item-changes";
import { loadBaseContent } from "./load-base";
import { findProposal, notOpen } from "./find-proposal";
import { toProposalItem, type ProposalRow, type StoredProposal } from "./proposal-item";
import { proposeArgsSchema, type ProposalItem } from "./proposal-schema";
import { standingOf } from "./proposal-standing";
import { checkedChanges } from "./proposed-content";
import { storeProposedSections } from "./proposed-sections";
import { checkedSectionsOf, qualityFindingsIn } from "@/lib/quality/count-findings";

const TOOL = "brief_propose";

/**
 * brief_propose (docs/contract.md#proposals): stores a change for a person to decide. It never mints a
 * version nor stales an approval; reviewers, editors and owners may propose. With `supersedes`, the
 * author's earlier open proposal becomes `superseded` in the same write.
 */
export async function proposeChange(actor: Actor, input: z.input<typeof proposeArgsSchema>) {
  requireScopes(actor, proposeScopes);
  const args = parseOrThrow(proposeArgsSchema, input);
  return runLockedWrite<{ proposal: ProposalItem; qualityFindings: number }>(
    actor,
    TOOL,
    args,
    async ({ sql, batch, brief, now, events }) => {
      assertWritable(brief);
      const base = await loadBaseContent(sql, brief, args.baseVersionNum);
      const { changes, sections, proposed } = checkedChanges(base, args.changes);
      const earlier = args.supersedes === undefined ? undefined : await findProposal(sql, brief.row.id, args.supersedes, "supersedes");
      if (earlier) {
        if (earlier.status !== "open") throw notOpen(brief, earlier);
        if (earlier.createdById !== actor.userId || earlier.legacy) {
          throw new DomainError("PROJECT_ACCESS_DENIED", "Only the author of a proposal can supersede it.");
        }
      }
      const stored: StoredProposal = {
        baseVersionNum: args.baseVersionNum,
        author: actor.label,
        summary: args.summary,
        changeRefs: storeProposedSections(batch, changes, now),
        changedSections: sections,
        itemChanges: sections.flatMap((section) => itemChangesOf(section, base[section], proposed[section])),
        ...(earlier && { supersedes: earlier.id }),
      };
      const inserted = insertBriefItem(batch, {
        briefId: brief.row.id,
        seq: brief.nextSeq(),
        collection: "proposals",
        data: stored,
        createdById: actor.userId,
        now,
        status: "open",
      });
      events.push({ type: "proposal.created", data: { proposalId: inserted.id, supersedes: earlier?.id ?? null } });
      if (earlier) {
        batch.add(`UPDATE "BriefItem" SET status = 'superseded', data = data || $2::jsonb WHERE id = $1`, [earlier.id, JSON.stringify({ supersededBy: inserted.id })]);
        events.push({ type: "proposal.decided", data: { proposalId: earlier.id, decision: "superseded", authorId: earlier.createdById } });
      }
      batch.add(`UPDATE "Brief" SET "itemSeq" = $2, "updatedAt" = $3 WHERE id = $1`, [brief.row.id, brief.lastSeq(), now.toISOString()]);
      const row: ProposalRow = { ...inserted, status: "open", legacy: false };
      // Its sections are not stored until the write commits: the standing takes them as they are. The
      // proposal it supersedes is still open within this write; it no longer counts as an overlap.
      const standing = (await standingOf(sql, brief.row, brief.content, [row], { id: row.id, changes })).get(row.id)!;
      const qualityFindings = await qualityFindingsIn(sql, brief.row, proposed, checkedSectionsOf(sections));
      return { proposal: toProposalItem(row, { ...standing, overlapsWith: standing.overlapsWith.filter((id) => id !== earlier?.id) }), qualityFindings };
    },
    undefined,
    "review",
  );
}
