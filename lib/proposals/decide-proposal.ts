import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { proposeScopes, writeScopes } from "@/lib/auth/scopes";
import { DomainError, validationError } from "@/lib/errors";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toBriefRecord } from "@/lib/briefs/brief-record";
import { commitContent } from "@/lib/briefs/commit-content";
import { assertWritable, versionConflict } from "@/lib/briefs/lock-brief";
import { reconcileContentChecklist } from "@/lib/briefs/reconcile-checklist";
import { runBriefWrite, type BriefWrite } from "@/lib/briefs/run-brief-write";
import type { BriefRecord } from "@/lib/briefs/result-schemas";
import { parseContentInput } from "@/lib/briefs/validate-content";
import { via } from "@/lib/briefs/via";
import { findProposal, notOpen } from "./find-proposal";
import { loadBaseContent } from "./load-base";
import { mergeProposal } from "./merge-proposal";
import { loadProposedSections } from "./proposed-sections";
import { storedProposal, toProposalItem, type ProposalRow, type StoredProposal } from "./proposal-item";
import { decideArgsSchema, type ProposalItem } from "./proposal-schema";

const TOOL = "brief_proposal_decide";

type Args = z.output<typeof decideArgsSchema>;
const statusOf = { accept: "accepted", reject: "rejected", withdraw: "withdrawn" } as const;

/**
 * brief_proposal_decide (docs/contract.md#proposals). Accepting merges the proposal (or the chosen
 * sections of it) into the current content and mints one version that names the proposal and its
 * author, under the brief's row lock — so two accepts of one proposal make one version, and an
 * accept racing a direct edit merges into whichever content is current when it runs, or is refused
 * with the conflicts. Owners and editors accept and reject; only the author withdraws.
 */
export async function decideProposal(actor: Actor, input: z.input<typeof decideArgsSchema>) {
  const parsed = parseOrThrow(decideArgsSchema, input);
  // The same sections in another order are the same decision, and so the same key's retry.
  const args = parsed.sections ? { ...parsed, sections: [...new Set(parsed.sections)].sort() } : parsed;
  requireScopes(actor, args.decision === "withdraw" ? proposeScopes : writeScopes);
  if (args.sections && args.decision !== "accept") throw validationError([{ path: "sections", message: "Only an accept takes sections." }]);
  return runBriefWrite<{ proposal: ProposalItem; brief: BriefRecord }>(
    actor,
    TOOL,
    args,
    async (w) => {
      const { sql, brief } = w;
      assertWritable(brief);
      const row = await findProposal(sql, brief.row.id, args.proposalId, "proposalId");
      if (row.status !== "open") throw notOpen(brief, row);
      if (args.decision === "withdraw" && row.createdById !== actor.userId) throw new DomainError("PROJECT_ACCESS_DENIED", "Only the author of a proposal can withdraw it.");
      if (row.legacy && args.decision !== "reject") throw validationError([{ path: "decision", message: "A proposal from before proposals had a base can only be rejected." }]);
      const decided = args.decision === "accept" ? await accept(w, row, args) : { record: toBriefRecord(brief.row, brief.content), extra: {} };
      if (!decided.record.createdNewVersion) {
        w.batch.add(`UPDATE "Brief" SET "updatedAt" = $2 WHERE id = $1`, [brief.row.id, w.now.toISOString()]);
        brief.row.updatedAt = w.now;
      }
      const decision = {
        decidedBy: actor.label,
        decidedAt: w.now.toISOString(),
        ...(args.reason?.trim() && { reason: args.reason.trim() }),
        ...decided.extra,
      };
      w.batch.add(`UPDATE "BriefItem" SET status = $2, data = data || $3::jsonb WHERE id = $1`, [row.id, statusOf[args.decision], JSON.stringify(decision)]);
      w.events.push({ type: "proposal.decided", data: { proposalId: row.id, decision: statusOf[args.decision], authorId: row.createdById } });
      const data = { ...(storedProposal(row) as object), ...decision };
      return { proposal: toProposalItem({ ...row, status: statusOf[args.decision], data }), brief: decided.record };
    },
    args.decision === "withdraw" ? "review" : "edit",
  );
}

async function accept(w: BriefWrite, row: ProposalRow, args: Args): Promise<{ record: BriefRecord; extra: Partial<StoredProposal> }> {
  const { sql, brief, now, actor } = w;
  const stored = storedProposal(row);
  const unknown = (args.sections ?? []).filter((s) => !stored.changedSections.includes(s));
  if (unknown.length) throw validationError(unknown.map((s) => ({ path: "sections", message: `The proposal does not change ${s}.` })));
  const taken = args.sections ? stored.changedSections.filter((s) => args.sections!.includes(s)) : stored.changedSections;
  const declinedSections = stored.changedSections.filter((s) => !taken.includes(s));

  const base = await loadBaseContent(sql, brief, stored.baseVersionNum);
  const changes = await loadProposedSections(sql, stored.changeRefs, new Set(taken));
  const { content, conflicts } = mergeProposal(base, changes, brief.content, taken);
  if (conflicts.length) {
    throw versionConflict(brief, "PROPOSAL_CONFLICT", { conflicts }, `The brief changed since version ${stored.baseVersionNum} where this proposal changes it too; see details.conflicts.`);
  }
  // The merge of valid parts can still break a rule of the whole (50 items, the size): check it as any write.
  parseContentInput(content);
  // Rows the proposal adds are its author's; the rows the brief keeps keep their ticks.
  const next = reconcileContentChecklist(brief.content, content, stored.author, now);
  const change = await commitContent(w, next, { via: via(actor, TOOL), proposal: { id: row.id, author: stored.author } });
  // An accept whose changes the brief already holds writes no version, and names none.
  return { record: toBriefRecord(brief.row, brief.content, change), extra: { ...(change.createdNewVersion && { versionNum: brief.row.versionNum }), declinedSections } };
}
