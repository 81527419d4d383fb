import type { Sql } from "@/lib/db/sql";
import type { BriefContent } from "@/lib/briefs/schema";
import type { QualityFinding } from "./check-item";
import { loadQualityContext } from "./quality-context";
import { briefQuality } from "./quality-report";

/**
 * The optional gate "require quality before review" (docs/quality.md#the-review-gate): the error
 * findings neither fixed nor suppressed, when the brief's project asks for it; none otherwise.
 */
export async function openQualityErrors(sql: Sql, brief: { id: string; projectId: string }, content: BriefContent): Promise<QualityFinding[]> {
  const context = await loadQualityContext(sql, brief);
  if (!context.project.requireQuality) return [];
  return briefQuality(content, context.project, context.suppressions).findings.filter((f) => f.severity === "error");
}

/** What the refusal names of each finding: enough to find and fix it. */
export function gateFindings(findings: readonly QualityFinding[]) {
  return findings.map(({ ruleId, section, index, itemId, words, message }) => ({ ruleId, section, index, itemId, words, message }));
}
