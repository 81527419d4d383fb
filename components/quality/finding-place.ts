import type { QualityFinding } from "@/lib/quality/check-item";
import { RULE_IDS, type RuleId } from "@/lib/quality/rule-ids";
import { sectionDef } from "@/components/brief-editor/sections";

/** Where a finding is, as a person finds it: "Requirement 2 (REQ-2)", "Criterion 1 (AC-1)". */
export function findingPlace(f: Pick<QualityFinding, "section" | "index" | "itemId">): string {
  const place = `${sectionDef(f.section).itemLabel} ${f.index + 1}`;
  return f.itemId ? `${place} (${f.itemId})` : place;
}

/** Findings grouped by rule, in the order the rules are listed (RULE_IDS). */
export function findingsByRule<F extends QualityFinding>(findings: readonly F[]): { ruleId: RuleId; findings: F[] }[] {
  return RULE_IDS.map((ruleId) => ({ ruleId, findings: findings.filter((f) => f.ruleId === ruleId) })).filter((group) => group.findings.length > 0);
}

/** "1 quality finding", "3 quality findings". */
export function findingCount(n: number, what = "quality finding"): string {
  return `${n} ${what}${n === 1 ? "" : "s"}`;
}
