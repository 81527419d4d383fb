import type { AcceptanceCriterion } from "@/lib/briefs/schema";
import type { Sql } from "@/lib/db/sql";
import { proofSummary } from "./build-trace";
import { criterionStatus, evidenceFor } from "./criterion-status";
import { loadEvidenceOf, type EvidenceFact } from "./trace-facts";

/** "n of m criteria proven": `needed` leaves out exempt criteria. */
export type ProofCount = { proven: number; needed: number };

/**
 * A brief's proof count from its current criteria and its evidence, or null when no criterion needs
 * proof (none at all, or every one exempt): then there is nothing to count. Work orders only tell
 * the unproven statuses apart, never whether a criterion is proven, so none are read.
 */
export function proofCountOf(criteria: readonly AcceptanceCriterion[], evidence: readonly EvidenceFact[]): ProofCount | null {
  const statuses = criteria.map((criterion) => criterionStatus(criterion, evidenceFor(criterion, evidence), []));
  const { proven, needed } = proofSummary(statuses, 0);
  return needed === 0 ? null : { proven, needed };
}

/**
 * The proof counts of a page of briefs, given each brief's current criteria: the evidence of the
 * whole page is read in one statement. Briefs without a count are left out of the map.
 */
export async function proofCountsOf(sql: Sql, criteriaByBrief: ReadonlyMap<string, readonly AcceptanceCriterion[]>): Promise<Map<string, ProofCount>> {
  const counts = new Map<string, ProofCount>();
  const withCriteria = [...criteriaByBrief].filter(([, criteria]) => criteria.length > 0);
  if (withCriteria.length === 0) return counts;
  const evidence = await loadEvidenceOf(
    sql,
    withCriteria.map(([briefId]) => briefId),
  );
  for (const [briefId, criteria] of withCriteria) {
    const count = proofCountOf(criteria, evidence.get(briefId) ?? []);
    if (count) counts.set(briefId, count);
  }
  return counts;
}
