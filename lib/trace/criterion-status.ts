import type { AcceptanceCriterion } from "@/lib/briefs/schema";
import { criterionHash } from "@/lib/evidence/criterion-hash";
import type { WorkOrder } from "@/lib/work-orders/work-order-schema";
import type { EvidenceFact } from "./trace-facts";

/** docs/contract.md#criterion-status, in the order the first that applies wins. */
export const criterionStatuses = ["exempt", "failing", "proven", "suspect", "unplanned", "planned", "unproven"] as const;
export type CriterionStatus = (typeof criterionStatuses)[number];

export function isExempt(criterion: AcceptanceCriterion): boolean {
  return criterion.implementation === false && criterion.manualEvidence !== undefined;
}

/** The criterion's evidence, oldest first, each marked whether it was given for its current text. */
export function evidenceFor(criterion: AcceptanceCriterion, evidence: readonly EvidenceFact[]): Array<EvidenceFact & { current: boolean }> {
  const hash = criterionHash(criterion);
  return evidence.filter((item) => item.criterionIds.includes(criterion.id)).map((item) => ({ ...item, current: item.criterionHashes[criterion.id] === hash }));
}

/**
 * A criterion's status for the current version. Evidence counts for the text it was given for: its
 * pinned hash must equal the criterion's hash now, so editing the criterion makes it suspect and
 * editing anything else does not. `workOrders` are those of the tickets that bind it.
 */
export function criterionStatus(criterion: AcceptanceCriterion, evidence: ReadonlyArray<EvidenceFact & { current: boolean }>, workOrders: readonly WorkOrder[]): CriterionStatus {
  if (isExempt(criterion)) return "exempt";
  const latestCurrent = evidence.findLast((item) => item.current);
  if (latestCurrent?.result === "fail") return "failing";
  if (latestCurrent?.result === "pass") return "proven";
  if (evidence.length > 0) return "suspect";
  if (workOrders.length === 0) return "unplanned";
  if (workOrders.some((order) => order.status !== "done")) return "planned";
  return "unproven";
}
