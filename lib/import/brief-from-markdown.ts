/**
 * Markdown read as a brief and checked against the contract, with every refusal saying which
 * heading of the file it concerns, so the writer of the file knows what to change.
 */
import type { BriefContent } from "@/lib/briefs/schema";
import { parseContentInput } from "@/lib/briefs/validate-content";
import { DomainError, validationError, type ValidationIssue } from "@/lib/errors";
import type { ImportedBrief } from "./import-report";
import { readMarkdownBrief, type ReadOptions } from "./read-markdown-brief";
import { detectSpecFormat, readSpecFormat } from "./spec-formats";

export type CheckedImport = ImportedBrief & { content: BriefContent };

/**
 * A spec file an agent keeps (Kiro, Spec Kit, OpenSpec) is recognised by its structure and read by
 * its own reader (docs/spec-formats.md); any other Markdown by the heading mapping, with the
 * preview's choices.
 */
export function briefFromMarkdown(markdown: string, field: string, options?: ReadOptions): CheckedImport {
  const format = detectSpecFormat(markdown);
  const imported = format ? withChecklist(readSpecFormat(format, markdown)) : readMarkdownBrief(markdown, options);
  return { ...imported, content: checkedContent(imported, field) };
}

/** A spec file's QA task list, which its reader reports beside the content, as the brief's checklist. */
function withChecklist(imported: ImportedBrief): ImportedBrief {
  if (imported.checklist.length === 0 || imported.content.testingQaChecklist !== undefined) return imported;
  return { ...imported, content: { ...imported.content, testingQaChecklist: imported.checklist.map(({ text, checked }) => ({ text, checked })) } };
}

/** The imported content as it will be stored, or a refusal naming the heading each problem is under. */
export function checkedContent(imported: ImportedBrief, field: string): BriefContent {
  try {
    return parseContentInput(imported.content);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === "CONTENT_TOO_LARGE") {
      throw new DomainError("CONTENT_TOO_LARGE", `${error.message} Split the document into several briefs, or shorten it.`, error.details);
    }
    const issues = (error.details?.issues as ValidationIssue[] | undefined) ?? [];
    throw validationError(issues.map((issue) => ({ path: field, message: underHeading(imported, issue) })));
  }
}

function underHeading(imported: ImportedBrief, issue: ValidationIssue): string {
  const [, key, ...rest] = issue.path.split(".");
  const placed = imported.headings.find((heading) => heading.section === key && heading.placement !== "inside");
  const where = placed ? `Under "${placed.heading}" (line ${placed.line}, section ${key})` : `In section ${key}`;
  const row = rest.length && /^\d+$/.test(rest[0]) ? `, row ${Number(rest[0]) + 1}` : "";
  return `${where}${row}: ${issue.message}`;
}
