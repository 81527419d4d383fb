/**
 * The trace contract (docs/contract.md#trace). The published output schema names the parts; the
 * fields of each part are in the contract and in the `Trace` type, which keeps tools/list small.
 */
import { z } from "zod";
import type { WorkOrder } from "@/lib/work-orders/work-order-schema";
import type { CriterionStatus } from "./criterion-status";
import type { EvidenceFact, FindingFact } from "./trace-facts";

export const traceArgsSchema = z.strictObject({ briefId: z.string().min(1) });

const part = z.array(z.looseObject({}));
export const traceResultSchema = z.strictObject({
  briefId: z.string(),
  versionNum: z.number().int(),
  proof: z.looseObject({ proven: z.number().int(), needed: z.number().int() }),
  requirements: part,
  criteria: part.describe("Each with status: exempt, failing, proven, suspect, unplanned, planned or unproven."),
  tickets: part,
  openFindings: part,
  gaps: part,
});

export const gapKinds = [
  "requirement_without_id",
  "duplicate_requirement_id",
  "requirement_without_ticket",
  "duplicate_criterion_id",
  "duplicate_ticket_id",
  "criterion_without_ticket",
  "unknown_criterion",
  "unknown_requirement",
  "claimed_not_proven",
  "suspect_evidence",
  "open_finding",
] as const;

export type TraceGap = {
  kind: (typeof gapKinds)[number];
  message: string;
  requirementId?: string;
  requirementIndex?: number;
  criterionId?: string;
  criterionIndex?: number;
  criterionIds?: string[];
  ticketId?: string;
  evidenceIds?: string[];
  findingId?: string;
};

export type Trace = {
  briefId: string;
  versionNum: number;
  proof: { proven: number; needed: number; exempt: number; openFindings: number; complete: boolean };
  requirements: Array<{ index: number; id: string | null; text: string; traceable: boolean; tickets: string[] }>;
  criteria: Array<{
    id: string;
    text: string;
    status: CriterionStatus;
    tickets: string[];
    workOrders: WorkOrder[];
    /** Each as stored, without what only the trace needs to decide, and whether it is for the current text. */
    /** `superseded`: verified evidence of an older head of its pull request, once a newer head has a report. */
    evidence: Array<Omit<EvidenceFact, "criterionIds" | "criterionHashes"> & { current: boolean; superseded?: true }>;
    openFindings: Array<Omit<FindingFact, "status">>;
  }>;
  tickets: Array<{
    id: string;
    title: string;
    boundCriteria: string[];
    boundRequirements: string[];
    workOrder: WorkOrder;
    /** The GitHub pull requests that link it; state is draft, open, merged or closed. */
    pullRequests: Array<{ url: string; number: number; state: string; headSha: string }>;
  }>;
  /** Every open finding, those of QA rows that affect no criterion included. */
  openFindings: Trace["criteria"][number]["openFindings"];
  gaps: TraceGap[];
};
