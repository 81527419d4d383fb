import type { QualityFinding } from "@/lib/quality/check-item";
import { CHECKED_SECTIONS } from "@/lib/quality/rule-ids";
import { itemFindings } from "@/components/quality/item-findings";
import type { QualityInput } from "@/components/quality/quality-input";
import type { FormModel } from "../form-model";

/**
 * The open findings of the draft as it stands, item by item in section order. Each item's check is
 * remembered by its text, so a keystroke checks one item again, not the brief.
 */
export function draftFindings(model: FormModel, quality: QualityInput): QualityFinding[] {
  const findings: QualityFinding[] = [];
  for (const section of CHECKED_SECTIONS) {
    const rows = model.sections[section];
    rows?.forEach((row, index) => {
      const value = row.value;
      const text = typeof value === "string" ? value : value.text;
      findings.push(...itemFindings(quality, section, index, typeof value === "string" ? null : value.id, text));
    });
  }
  return findings;
}

/** The findings of one item, by `section:index`, for the field that shows them. */
export function findingsByItem(findings: readonly QualityFinding[]): Map<string, QualityFinding[]> {
  const byItem = new Map<string, QualityFinding[]>();
  for (const f of findings) {
    const key = itemKey(f.section, f.index);
    byItem.set(key, [...(byItem.get(key) ?? []), f]);
  }
  return byItem;
}

export function itemKey(section: string, index: number): string {
  return `${section}:${index}`;
}
