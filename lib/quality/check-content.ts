import { requirementIdOf } from "@/lib/trace/requirement-id";
import { checkItem, finding, DEFAULT_RULES, type CheckedItem, type QualityFinding, type QualityRules } from "./check-item";
import { earsPattern, type EarsPattern } from "./ears";
import { CHECKED_SECTIONS, RULE_IDS, type CheckedSection, type RuleId } from "./rule-ids";

/** The part of a brief's content the check reads; any other key is ignored. */
export type CheckableContent = {
  requirements?: readonly string[];
  edgeCases?: readonly string[];
  acceptanceCriteria?: readonly { id: string; text: string }[];
  requiredEvidence?: readonly { id: string; text: string }[];
};

export type QualitySummary = { errors: number; warnings: number; byRule: Partial<Record<RuleId, number>> };

export type QualityReport = {
  findings: QualityFinding[];
  ears: { index: number; pattern: EarsPattern | null }[];
  summary: QualitySummary;
};

export function checkedItems(content: CheckableContent, sections: readonly CheckedSection[] = CHECKED_SECTIONS): CheckedItem[] {
  const items: CheckedItem[] = [];
  for (const section of sections) {
    const values = content[section];
    if (!Array.isArray(values)) continue;
    values.forEach((value: string | { id: string; text: string }, index) => {
      if (typeof value === "string") items.push({ section, index, itemId: section === "requirements" ? requirementIdOf(value) : null, text: value });
      else if (value && typeof value.text === "string") items.push({ section, index, itemId: value.id ?? null, text: value.text });
    });
  }
  return items;
}

/**
 * The whole check over a brief's content: every checked item's findings, each requirement's EARS
 * pattern, and with "requirements follow EARS" on, an `ears` finding on each one that follows none.
 */
export function checkContent(content: CheckableContent, rules: QualityRules = DEFAULT_RULES, sections?: readonly CheckedSection[]): QualityReport {
  const findings: QualityFinding[] = [];
  const ears: QualityReport["ears"] = [];
  const earsChecked = rules.earsRequired && !rules.disabledRules.includes("ears");
  for (const item of checkedItems(content, sections)) {
    findings.push(...checkItem(item, rules));
    if (item.section !== "requirements") continue;
    const pattern = earsPattern(item.text);
    ears.push({ index: item.index, pattern });
    if (pattern === null && earsChecked) findings.push(finding(item, "ears", 0, item.text.length));
  }
  return { findings, ears, summary: summarize(findings) };
}

export function summarize(findings: readonly QualityFinding[]): QualitySummary {
  const byRule: QualitySummary["byRule"] = {};
  let errors = 0;
  for (const f of findings) {
    byRule[f.ruleId] = (byRule[f.ruleId] ?? 0) + 1;
    if (f.severity === "error") errors++;
  }
  const ordered = Object.fromEntries(RULE_IDS.filter((id) => byRule[id]).map((id) => [id, byRule[id]]));
  return { errors, warnings: findings.length - errors, byRule: ordered };
}
