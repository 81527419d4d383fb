import { CHECKED_SECTIONS, type CheckedSection } from "@/lib/quality/rule-ids";
import { findingDiff, placedFindings, type PlacedFinding } from "@/components/quality/finding-diff";
import type { QualityInput } from "@/components/quality/quality-input";

type ChangedSection = { key: string; current: unknown; after: unknown };

/**
 * What accepting a proposal does to the brief's findings: the checked sections it changes, as they
 * are and as they would be, checked and compared. Sections it leaves alone have the same findings
 * on both sides, so they are not read.
 */
export function proposalQualityChange(sections: readonly ChangedSection[], quality: QualityInput): { added: PlacedFinding[]; removed: PlacedFinding[] } {
  const checked = sections.filter((s): s is ChangedSection & { key: CheckedSection } => (CHECKED_SECTIONS as readonly string[]).includes(s.key));
  const before = Object.fromEntries(checked.map((s) => [s.key, s.current]));
  const after = Object.fromEntries(checked.map((s) => [s.key, s.after]));
  return findingDiff(placedFindings(before, quality), placedFindings(after, quality));
}
