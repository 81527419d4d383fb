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
import { proofShortfall, type ProofShortfall } from "@/lib/trace/proof-gate";
import { gateFindings, openQualityErrors } from "@/lib/quality/quality-gate";

const TOOL = "brief_transition";

/** Moves a brief through its lifecycle (docs/contract.md#transitions). Transitions never mint content versions. */
export async function transitionBrief(actor: Actor, input: z.input<typeof transitionBriefArgsSchema>) {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(transitionBriefArgsSchema, input);
  return runBriefWrite(actor, TOOL, args, async ({ sql, batch, brief, now, events }) => {
    const { row } = brief;
    const from = row.state;
    // Read after the lock (a statement of its own), so it sees every approval committed before it.
    const [facts] = await sql.query<{ live: boolean; successor: string | null }>(
      `SELECT EXISTS (SELECT 1 FROM "Approval" WHERE "briefId" = $1 AND stale = false AND "approvalHash" = $2) AS live,
              (SELECT id FROM "Brief" WHERE id = $3 AND "projectId" = $4 AND id <> $1) AS successor`,
      [row.id, row.approvalHash ?? "", args.successorBriefId ?? null, row.projectId],
    );
    const shortfall = args.to === "checked" && from === "in_development" ? await proofShortfall(sql, row, brief.content) : null;
    const qualityErrors = args.to === "in_review" && from !== "in_review" ? await openQualityErrors(sql, row, brief.content) : [];
    const refusal = checkTransitionGuard(from, args.to, {
      content: brief.content,
      hasLiveApprovalOfCurrentApprovalHash: facts.live,
      reason: args.reason,
      successorBriefId: args.successorBriefId,
      successorInSameProject: facts.successor !== null,
      proofMissing: shortfall !== null,
      qualityOpen: qualityErrors.length > 0,
    });
    if (refusal) throw stateConflictError(from, refusal, refusalDetails(refusal, qualityErrors, shortfall));
    assertVersion(brief, args.ifVersionNum);

    if (args.to === "in_review") openReviewSession(batch, brief, actor, now, "submitted for review");
    const ending = args.to === "superseded" || args.to === "closed";
    // Review sessions are open only while in review, so leaving review closes them all.
    if (from === "in_review") closeReviewSessions(batch, brief, actor, now, args.to === "baselined" ? "baselined" : `moved to ${args.to}`);
    if (args.to === "baselined") {
      batch.add(`UPDATE "BriefVersion" SET baseline = true WHERE "briefId" = $1 AND "versionNum" = $2`, [row.id, row.versionNum]);
    }
    const stateReason = ending ? args.reason?.trim() || null : row.stateReason;
    const successorBriefId = ending ? (args.to === "superseded" ? facts.successor : null) : row.successorBriefId;
    batch.add(
      `UPDATE "Brief" SET state = $2::"BriefState", "itemSeq" = $3, "updatedAt" = $4, "stateReason" = $5, "successorBriefId" = $6 WHERE id = $1`,
      [row.id, args.to, brief.lastSeq(), now.toISOString(), stateReason, successorBriefId],
    );
    Object.assign(row, { state: args.to, itemSeq: brief.lastSeq(), updatedAt: now, stateReason, successorBriefId });
    events.push({ type: "brief.state_changed", data: { from, to: args.to, automatic: false } });
    return { brief: toBriefRecord(row, brief.content) };
  });
}

/** What a refusal's details add: the open quality findings, or the criteria that lack (verified) proof. */
function refusalDetails(refusal: string, qualityErrors: Parameters<typeof gateFindings>[0], shortfall: ProofShortfall | null): Record<string, unknown> | undefined {
  if (refusal === "QUALITY_FINDINGS_OPEN") return { findings: gateFindings(qualityErrors) };
  if (refusal === "CRITERIA_UNPROVEN" && shortfall) {
    return { verifiedOnly: shortfall.verifiedOnly, [shortfall.verifiedOnly ? "criteriaWithoutVerifiedProof" : "criteriaUnproven"]: shortfall.criteria, openFindings: shortfall.openFindings };
  }
  return undefined;
}
