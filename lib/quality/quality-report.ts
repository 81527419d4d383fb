import { checkContent, checkedItems, type CheckableContent, type QualityReport } from "./check-content";
import { DEFAULT_RULES, type QualityRules } from "./check-item";
import type { CheckedSection } from "./rule-ids";
import { applySuppressions, type QualitySuppression, type SuppressedFinding } from "./suppressions";

export type BriefQuality = QualityReport & { suppressed: SuppressedFinding[] };

/**
 * What the editor, the brief list, brief_check and the review gate all show: the content's
 * findings under the project's rules, less those a person suppressed on the text as it stands.
 */
export function briefQuality(
  content: CheckableContent,
  rules: QualityRules = DEFAULT_RULES,
  suppressions: readonly QualitySuppression[] = [],
  sections?: readonly CheckedSection[],
): BriefQuality {
  const report = checkContent(content, rules, sections);
  const texts = new Map(checkedItems(content, sections).map((item) => [`${item.section}:${item.index}`, item.text]));
  return applySuppressions(report, (f) => texts.get(`${f.section}:${f.index}`) ?? "", suppressions);
}
