import { isSectionKey, sectionKeys, sectionLabel } from "../sections";

/** At most this many section names in a history row; the rest are counted. */
const SHOWN = 4;

/**
 * What a version changed, in a history row: "Goal, Scope and QA checklist", or "Goal, Scope, …
 * and 3 more sections". Known sections come in the editor's order, so rows read alike whatever
 * order a writer stored them in; other keys follow as the server listed them.
 */
export function changedSectionsText(keys: readonly string[]): string {
  const known = sectionKeys.filter((key) => keys.includes(key));
  const labels = [...known, ...keys.filter((key) => !isSectionKey(key))].map(sectionLabel);
  if (labels.length === 0) return "";
  if (labels.length === 1) return labels[0];
  if (labels.length <= SHOWN) return `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
  const rest = labels.length - SHOWN;
  return `${labels.slice(0, SHOWN).join(", ")} and ${rest} more ${rest === 1 ? "section" : "sections"}`;
}
