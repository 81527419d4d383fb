/** The quality rules (docs/quality.md), in the order the Quality panel lists them. */
export const RULE_IDS = [
  "placeholder",
  "vague-term",
  "escape-clause",
  "open-ended",
  "oblique",
  "superfluous-infinitive",
  "absolute",
  "vague-time",
  "weak-modal",
  "passive-no-agent",
  "multiple-shall",
  "ears",
] as const;

export type RuleId = (typeof RULE_IDS)[number];
export type Severity = "error" | "warning";

const ERRORS = new Set<RuleId>(["placeholder", "vague-term", "escape-clause", "open-ended", "oblique", "ears"]);

export function defaultSeverity(rule: RuleId): Severity {
  return ERRORS.has(rule) ? "error" : "warning";
}

export function isRuleId(value: string): value is RuleId {
  return (RULE_IDS as readonly string[]).includes(value);
}

/** The sections the check reads; `weak-modal`, `multiple-shall` and `ears` read requirements only. */
export const CHECKED_SECTIONS = ["requirements", "acceptanceCriteria", "edgeCases", "requiredEvidence"] as const;
export type CheckedSection = (typeof CHECKED_SECTIONS)[number];
