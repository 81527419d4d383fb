import { sqlOf, type Tx } from "@/lib/db/transaction";
import { proofMissing } from "@/lib/trace/proof-gate";
import { openQualityErrors } from "@/lib/quality/quality-gate";
import type { BriefRow } from "./lock-brief";
import { allowedTransitions, checkTransitionGuard, stateConflictMessage } from "./lifecycle";
import type { BriefContent, BriefState } from "./schema";

type TransitionOption = { to: BriefState; allowed: boolean; reason: string | null; needsReason: boolean };

/**
 * The moves the brief's state allows, each with whether its guard passes now and why not, so an
 * editor can show every button with an honest explanation. The reason a closing needs and the
 * successor of a superseding are asked for at the time of the move, so they do not block here.
 */
export async function transitionOptions(tx: Tx, row: BriefRow, content: BriefContent): Promise<TransitionOption[]> {
  const liveApprovals = await tx.approval.count({ where: { briefId: row.id, stale: false, approvalHash: row.approvalHash ?? "" } });
  const towardChecked = allowedTransitions(row.state).includes("checked");
  const missing = towardChecked && (await proofMissing(sqlOf(tx), row, content));
  const qualityOpen = allowedTransitions(row.state).includes("in_review") && (await openQualityErrors(sqlOf(tx), row, content)).length > 0;
  return allowedTransitions(row.state).map((to) => {
    const refusal = checkTransitionGuard(row.state, to, {
      content,
      hasLiveApprovalOfCurrentApprovalHash: liveApprovals > 0,
      reason: "given when moving",
      proofMissing: to === "checked" && missing,
      qualityOpen: to === "in_review" && qualityOpen,
    });
    return { to, allowed: refusal === null, reason: refusal ? stateConflictMessage(refusal) : null, needsReason: to === "closed" };
  });
}
