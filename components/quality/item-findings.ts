import type { QualityFinding } from "@/lib/quality/check-item";
import { briefQuality } from "@/lib/quality/quality-report";
import type { CheckedSection } from "@/lib/quality/rule-ids";
import type { QualityInput } from "./quality-input";

/** Beyond this many remembered texts the cache starts afresh: each keystroke leaves one behind. */
const CACHE_MAX = 2_000;

// One cache per rules-and-suppressions object: a new one (other rules) never meets old answers.
const caches = new WeakMap<QualityInput, Map<string, QualityFinding[]>>();

/**
 * The open findings in one item, remembered by its section and text: as a person types, only the
 * item that changed is checked again. It is the same check as briefQuality's over the whole brief
 * (EARS and suppressions included), run on a brief of this one item; the index and the id are the item's.
 */
export function itemFindings(quality: QualityInput, section: CheckedSection, index: number, itemId: string | null, text: string): QualityFinding[] {
  let cache = caches.get(quality);
  if (!cache) caches.set(quality, (cache = new Map()));
  const key = `${section}\u0000${text}`;
  let found = cache.get(key);
  if (!found) {
    if (cache.size >= CACHE_MAX) cache.clear();
    const item = section === "requirements" || section === "edgeCases" ? text : { id: itemId ?? "", text };
    found = briefQuality({ [section]: [item] }, quality.rules, quality.suppressions).findings;
    cache.set(key, found);
  }
  // A requirement's id comes from its text (cached with it); a criterion's is its own field.
  return found.map((f) => ({ ...f, index, itemId: section === "requirements" ? f.itemId : itemId }));
}
