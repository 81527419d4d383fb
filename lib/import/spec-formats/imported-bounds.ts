/**
 * The contract's bounds, checked on what a spec file produced before anything is written, with
 * messages that name the requirement or section a person would have to shorten in the file.
 * parseContentInput runs after this as the final word; this only makes the common cases readable.
 */
import { validationError, type ValidationIssue } from "@/lib/errors";
import type { BriefContent } from "@/lib/briefs/schema";
import { contentSectionKeys, sectionTitles, type ContentSectionKey } from "@/lib/briefs/section-titles";
import { sectionKind } from "../section-kinds";
import { ARRAY_MAX, LIST_ITEM_MAX, LONG_TEXT_MAX } from "@/lib/contract/bounds";
import { codePointLength } from "@/lib/contract/bounded-text";
import { formatIssuePath } from "@/lib/validation/issue-report";

// Which sections are long texts and which lists of text is said once, in section-kinds.ts.
const longTextKeys = contentSectionKeys.filter((key) => sectionKind(key) === "text");
const listKeys = contentSectionKeys.filter((key) => sectionKind(key) === "list");

export function isLongTextKey(key: string): key is ContentSectionKey {
  return Object.hasOwn(sectionTitles, key) && sectionKind(key) === "text";
}

export function isListKey(key: string): key is ContentSectionKey {
  return Object.hasOwn(sectionTitles, key) && sectionKind(key) === "list";
}

const count = (n: number) => n.toLocaleString("en-US");

export function assertImportBounds(content: BriefContent): void {
  const issues: ValidationIssue[] = [];
  const at = (...segments: (string | number)[]) => formatIssuePath("content", segments);

  for (const key of longTextKeys) {
    const text = content[key];
    if (typeof text === "string" && codePointLength(text) > LONG_TEXT_MAX) {
      issues.push({
        path: at(key),
        message: `${sectionTitles[key]} is ${count(codePointLength(text))} characters; a section holds at most ${count(LONG_TEXT_MAX)}.`,
      });
    }
  }
  for (const key of [...listKeys, "acceptanceCriteria", "requiredEvidence"] as const) {
    const items = content[key] as (string | { id: string; text: string })[] | undefined;
    if (!Array.isArray(items)) continue;
    if (items.length > ARRAY_MAX) {
      issues.push({ path: at(key), message: `${sectionTitles[key]} has ${items.length} items; a section holds at most ${ARRAY_MAX}.` });
    }
    items.forEach((item, index) => {
      const text = typeof item === "string" ? item : item.text;
      if (codePointLength(text) <= LIST_ITEM_MAX) return;
      issues.push({
        path: typeof item === "string" ? at(key, index) : at(key, index, "text"),
        message: `${itemName(key, item, index)} is ${count(codePointLength(text))} characters; an item holds at most ${count(LIST_ITEM_MAX)}.`,
      });
    });
  }
  if (issues.length > 0) throw validationError(issues, "The file does not fit in a brief.");
}

function itemName(key: ContentSectionKey, item: string | { id: string }, index: number): string {
  if (typeof item !== "string") return `${key === "requiredEvidence" ? "Required evidence" : "Acceptance criterion"} "${item.id}"`;
  const id = /^([A-Za-z0-9][A-Za-z0-9._-]{0,39}):\s/.exec(item)?.[1];
  const what = key === "requirements" ? "Requirement" : `${sectionTitles[key]} item`;
  return id ? `${what} "${id}"` : `${what} ${index + 1}`;
}
