/**
 * Brief sections a spec format has no place for travel as extra `## <Section title>` sections
 * after the format's own structure (the formats' tools ignore sections they do not know), and come
 * back from such sections on import. The shapes are the Markdown export's: long text as written,
 * lists as bullets, criteria as `**<id>** <text>` items, the QA checklist as a task list.
 */
import type { AcceptanceCriterion, BriefContent } from "@/lib/briefs/schema";
import { contentSectionKeys, nonSectionKeys, sectionTitles, type ContentSectionKey } from "@/lib/briefs/section-titles";
import { ID_MAX, ID_PATTERN } from "@/lib/contract/bounds";
import { FRONT_MATTER_KEY, frontMatter } from "./document-parts";
import { isListKey, isLongTextKey } from "./imported-bounds";
import { bulletList, isList, listItems } from "./markdown-list-items";
import { headingKey, parseOutline, sectionText, type OutlineSection } from "./markdown-outline";

const byHeading = new Map<string, ContentSectionKey>(
  contentSectionKeys.flatMap((key) => [
    [headingKey(sectionTitles[key]), key],
    [key.toLowerCase(), key],
  ]),
);

/** The contract section a heading names by its title (or key), or null. */
export function contractKeyForHeading(text: string): ContentSectionKey | null {
  return byHeading.get(headingKey(text)) ?? null;
}

/** True when a heading would be read as a contract section or collides with a reserved key. */
export function isReservedName(text: string): boolean {
  return contractKeyForHeading(text) !== null || nonSectionKeys.has(text.trim());
}

export type ChecklistRow = { text: string; checked: boolean };

/**
 * The value of a contract section read from its `##` section, or null when the section's text does
 * not have the section's shape (then it is kept as text under a key of its own).
 */
export function readContractSection(
  key: ContentSectionKey,
  section: OutlineSection,
  source: string,
): string | string[] | AcceptanceCriterion[] | ChecklistRow[] | null {
  if (isLongTextKey(key)) return sectionText(source, section);
  const [only, ...others] = section.body;
  if (others.length > 0 || section.children.length > 0 || !isList(only)) return null;
  const items = listItems(source, only.node);
  if (isListKey(key)) return items.every((item) => item.text !== "" && item.checked === null) ? items.map((item) => item.text) : null;
  if (key === "acceptanceCriteria" || key === "requiredEvidence") {
    const criteria = items.map((item) => criterionItem(item.text));
    return criteria.every((criterion) => criterion !== null) ? (criteria as AcceptanceCriterion[]) : null;
  }
  if (key === "testingQaChecklist") {
    return items.every((item) => item.checked !== null && item.text !== "")
      ? items.map((item) => ({ text: item.text, checked: item.checked === true }))
      : null;
  }
  // Tickets, decisions and links have no written shape in a spec file.
  return null;
}

/** `**<id>** <text>` or `**<id>**: <text>`, as the Markdown export and Spec Kit write them. */
export function criterionItem(text: string): AcceptanceCriterion | null {
  const match = /^\*\*([^*\n]+)\*\*:?[ \t]+(\S[\s\S]*)$/.exec(text);
  if (!match || !isCriterionId(match[1])) return null;
  return { id: match[1], text: match[2] };
}

/** Whether bold text at the start of an item can be a criterion's id (docs/contract.md#content-sections). */
export function isCriterionId(text: string): boolean {
  return text.length <= ID_MAX && ID_PATTERN.test(text);
}

/** The body of a contract section as written in a spec file, or null when it has nothing to write. */
export function writeContractSection(key: ContentSectionKey, value: unknown): string | null {
  if (isLongTextKey(key)) return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
  if (!Array.isArray(value) || value.length === 0) return null;
  if (isListKey(key)) return bulletList(value as string[]);
  if (key === "acceptanceCriteria" || key === "requiredEvidence") {
    return bulletList((value as AcceptanceCriterion[]).map((criterion) => `**${criterion.id}** ${criterion.text}`));
  }
  if (key === "testingQaChecklist") {
    return (value as ChecklistRow[]).map((row) => `- [${row.checked ? "x" : " "}] ${row.text}`).join("\n");
  }
  return null;
}

/**
 * What a format does not hold itself, as `##` sections in contract order, then the brief's own
 * text keys under their names. `held` are the keys the format's structure already wrote; kept
 * front matter opens the file instead (see frontMatter).
 */
export function extraSections(content: BriefContent, held: ReadonlySet<string>): string[] {
  const sections: [heading: string, body: string][] = [];
  for (const key of contentSectionKeys) {
    if (held.has(key)) continue;
    const body = writeContractSection(key, content[key]);
    if (body !== null) sections.push([sectionTitles[key], body]);
  }
  const opening = frontMatter(content).length > 0;
  for (const [key, value] of Object.entries(content)) {
    if (held.has(key) || key in sectionTitles || nonSectionKeys.has(key) || (opening && key === FRONT_MATTER_KEY)) continue;
    if (typeof value === "string" && value.trim() !== "" && key.trim() !== "" && !key.includes("\n")) {
      sections.push([key.trim(), value.trim()]);
    }
  }
  // Text with `##` headings of its own (kept from under a `#` heading) goes under a `#` heading,
  // or its headings would become sections beside it; every section after it then takes `#` too,
  // or it would fall inside that one.
  let marks = "##";
  return sections.flatMap(([heading, body]) => {
    if (descendantHeadingDepths(parseOutline(body).sections).includes(2)) marks = "#";
    return [`${marks} ${heading}`, body];
  });
}

function descendantHeadingDepths(sections: readonly OutlineSection[]): number[] {
  return sections.flatMap((section) => [section.heading.depth, ...descendantHeadingDepths(section.children)]);
}
