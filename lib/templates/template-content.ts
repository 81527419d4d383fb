import { parseContentInput } from "@/lib/briefs/validate-content";
import type { BriefContent } from "@/lib/briefs/schema";
import { contentSectionKeys } from "@/lib/briefs/section-titles";

const known: ReadonlySet<string> = new Set(contentSectionKeys);

/**
 * Content as a template keeps it: valid brief content within the size limit (parseContentInput's
 * errors, unchanged), without the editor's `_draft`, and with every QA row unchecked and without
 * attribution, because whoever starts a brief from it has tested nothing yet.
 */
export function templateContentOf(input: unknown): BriefContent {
  const parsed = parseContentInput(input);
  const kept = Object.fromEntries(Object.entries(parsed).filter(([key]) => key !== "_draft")) as BriefContent;
  if (kept.testingQaChecklist === undefined) return kept;
  return { ...kept, testingQaChecklist: kept.testingQaChecklist.map((row) => ({ text: row.text, checked: false })) };
}

/** The known sections a template fills (non-empty), in the content's order: what an agent picks a template by. */
export function filledSections(content: BriefContent): string[] {
  return Object.entries(content)
    .filter(([key, value]) => known.has(key) && !isEmpty(value))
    .map(([key]) => key);
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}
