import type { QualityFinding } from "./check-item";
import { summarize, type QualityReport } from "./check-content";
import type { CheckedSection, RuleId } from "./rule-ids";

/**
 * A person's decision that one finding is not a defect, with a reason. It names the finding by
 * section, rule and place in the item's text, and keeps the text it was made on: when the item's
 * text changes, it lapses (docs/quality.md#suppressing).
 */
export type QualitySuppression = {
  id: string;
  section: CheckedSection;
  ruleId: RuleId;
  start: number;
  end: number;
  words: string;
  itemText: string;
  reason: string;
  createdBy: string;
  createdAt: string;
};

export type SuppressedFinding = QualityFinding & { suppression: Pick<QualitySuppression, "id" | "reason" | "createdBy" | "createdAt"> };

/** The suppression that covers `finding` in an item whose text is `itemText`, if one does. */
export function suppressionOf(finding: QualityFinding, itemText: string, suppressions: readonly QualitySuppression[]): QualitySuppression | undefined {
  return suppressions.find(
    (s) => s.section === finding.section && s.ruleId === finding.ruleId && s.start === finding.start && s.end === finding.end && s.itemText === itemText,
  );
}

/** The report with suppressed findings moved out of `findings` into `suppressed`, and the summary over open ones. */
export function applySuppressions(
  report: QualityReport,
  itemText: (finding: QualityFinding) => string,
  suppressions: readonly QualitySuppression[],
): QualityReport & { suppressed: SuppressedFinding[] } {
  if (suppressions.length === 0) return { ...report, suppressed: [] };
  const open: QualityFinding[] = [];
  const suppressed: SuppressedFinding[] = [];
  for (const finding of report.findings) {
    const s = suppressionOf(finding, itemText(finding), suppressions);
    if (s) suppressed.push({ ...finding, suppression: { id: s.id, reason: s.reason, createdBy: s.createdBy, createdAt: s.createdAt } });
    else open.push(finding);
  }
  return { findings: open, ears: report.ears, summary: summarize(open), suppressed };
}
