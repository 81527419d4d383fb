import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toBriefRecord } from "./brief-record";
import { checkTransitionGuard, stateConflictError } from "./lifecycle";
import { assertVersion } from "./lock-brief";
import { closeReviewSessions, openReviewSession } from "./review-sessions";
import { runBriefWrite } from "./run-brief-write";
import { transitionBriefArgsSchema } from "./tool-arguments";

const TOOL = "brief_transition";

/** Moves a brief through its lifecycle (docs/contract.md#transitions). Transitions never mint content versions. */
export async function transitionBrief(actor: Actor, input: z.input<typeof transitionBriefArgsSchema>) {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(transitionBriefArgsSchema, input);
  return runBriefWrite(actor, TOOL, args, async (tx, brief, now) => {
    const { row } = brief;
    const from = row.state;
    const liveApprovals = await tx.approval.count({
      where: { briefId: row.id, stale: false, approvalHash: row.approvalHash ?? "" },
    });
    const successor = args.successorBriefId
      ? await tx.brief.findFirst({ where: { id: args.successorBriefId, projectId: row.projectId, NOT: { id: row.id } }, select: { id: true } })
      : null;
    const refusal = checkTransitionGuard(from, args.to, {
      content: brief.content,
      hasLiveApprovalOfCurrentApprovalHash: liveApprovals > 0,
      reason: args.reason,
      successorBriefId: args.successorBriefId,
      successorInSameProject: successor !== null,
    });
    if (refusal) throw stateConflictError(from, refusal);
    assertVersion(brief, args.ifVersionNum);

    if (args.to === "in_review") await openReviewSession(tx, brief, actor, now, "submitted for review");
    const ending = args.to === "superseded" || args.to === "closed";
    // Review sessions are open only while in review, so leaving review closes them all.
    if (from === "in_review") await closeReviewSessions(tx, brief, actor, now, args.to === "baselined" ? "baselined" : `moved to ${args.to}`);
    if (args.to === "baselined") {
      await tx.briefVersion.update({
        where: { briefId_versionNum: { briefId: row.id, versionNum: row.versionNum } },
        data: { baseline: true },
      });
    }
    const updated = await tx.brief.update({
      where: { id: row.id },
      data: {
        state: args.to,
        itemSeq: brief.lastSeq(),
        updatedAt: now,
        ...(ending && {
          stateReason: args.reason?.trim() || null,
          successorBriefId: args.to === "superseded" ? (successor?.id ?? null) : null,
        }),
      },
    });
    return { brief: toBriefRecord(updated, brief.content) };
  });
}
