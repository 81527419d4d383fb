import { DEFAULT_RULES, type QualityRules } from "@/lib/quality/check-item";
import type { QualitySuppression } from "@/lib/quality/suppressions";

/** What a brief's quality check runs with: its project's rules and the findings people suppressed on it. */
export type QualityInput = { rules: QualityRules; suppressions: QualitySuppression[] };

/** Until a project's rules and a brief's suppressions are loaded with the page: the defaults, nothing suppressed. */
export const DEFAULT_QUALITY: QualityInput = { rules: DEFAULT_RULES, suppressions: [] };

/** The page data's project settings and suppressions, as the quality check takes them. */
export function qualityInputOf(page: { project: QualityRules; suppressions: QualitySuppression[] }): QualityInput {
  return { rules: page.project, suppressions: page.suppressions };
}
