import type { QualityFinding } from "@/lib/quality/check-item";
import { checkedItems, type CheckableContent } from "@/lib/quality/check-content";
import { briefQuality } from "@/lib/quality/quality-report";
import type { QualityInput } from "./quality-input";

/** A finding with the text of the item it is in: what tells two findings apart across versions. */
export type PlacedFinding = QualityFinding & { itemText: string };

/** The open findings of some content, each with its item's text. */
export function placedFindings(content: CheckableContent, quality: QualityInput): PlacedFinding[] {
  const texts = new Map(checkedItems(content).map((item) => [`${item.section}:${item.index}`, item.text]));
  return briefQuality(content, quality.rules, quality.suppressions).findings.map((f) => ({ ...f, itemText: texts.get(`${f.section}:${f.index}`) ?? "" }));
}

/**
 * What a change does to the findings: those it adds and those it removes. Two findings are the same
 * when section, rule, words and item text are: moving an item or adding one before it changes its
 * index, not its findings. Counted as multisets, so a second "fast" in an item is a new finding.
 */
export function findingDiff(before: readonly PlacedFinding[], after: readonly PlacedFinding[]): { added: PlacedFinding[]; removed: PlacedFinding[] } {
  return { added: without(after, before), removed: without(before, after) };
}

function without(these: readonly PlacedFinding[], those: readonly PlacedFinding[]): PlacedFinding[] {
  const left = new Map<string, number>();
  for (const f of those) left.set(sameness(f), (left.get(sameness(f)) ?? 0) + 1);
  return these.filter((f) => {
    const n = left.get(sameness(f)) ?? 0;
    if (n > 0) left.set(sameness(f), n - 1);
    return n === 0;
  });
}

function sameness(f: PlacedFinding): string {
  return JSON.stringify([f.section, f.ruleId, f.words, f.itemText]);
}
