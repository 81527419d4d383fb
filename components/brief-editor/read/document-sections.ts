import { sectionsWithContent } from "@/lib/briefs/brief-markdown";
import type { BriefContent } from "@/lib/briefs/schema";
import { isEditableSection, readOnlyKeys } from "../form-model";
import { isSectionKey, sectionDef, type SectionKey } from "../sections";

/** What the document shows, in order: the sections with content, then "Other data" when there is any. */
export type DocumentPart = { id: string; title: string; key: SectionKey | null };

/** The anchor of a section in the document (`#doc-goal`): the outline and print link to these. */
export function sectionAnchor(key: string): string {
  return `doc-${key}`;
}

export const OTHER_DATA_ANCHOR = "doc-other-data";

/**
 * The export's rule (sections with content, contract order) for the sections the document can show
 * in their own shape; anything else (unknown keys, `_draft`, a section of the wrong shape) is listed
 * once under "Other data", as the editor keeps it.
 */
export function documentParts(content: BriefContent): { sections: SectionKey[]; extras: string[]; parts: DocumentPart[] } {
  const sections = sectionsWithContent(content).filter((key): key is SectionKey => isSectionKey(key) && isEditableSection(key, content[key]));
  const extras = readOnlyKeys(content);
  const parts: DocumentPart[] = sections.map((key) => ({ id: sectionAnchor(key), title: sectionDef(key).label, key }));
  if (extras.length) parts.push({ id: OTHER_DATA_ANCHOR, title: "Other data", key: null });
  return { sections, extras, parts };
}
