/**
 * A brief as one Markdown document: the download in the web editor, `brief_export`, and the
 * `brief://` resources all give this text. Section text is Markdown already,
 * so it is written as it is stored; only the structure around it (headings, list markers, metadata) is
 * ours. The format is docs/contract.md#markdown-export.
 */
import { headingFor, writeSection } from "@/lib/import/write-section";
import type { BriefContent, BriefState } from "./schema";
import { contentSectionKeys, nonSectionKeys, sectionTitles, type ContentSectionKey } from "./section-titles";
import { briefStateLabels } from "./state-labels";

export type BriefMarkdownInput = {
  title: string;
  projectName: string;
  state: BriefState;
  versionNum: number;
  /** The content hash of this version (RFC 8785 canonical JSON, SHA-256). */
  hash: string | null;
  /** When the brief (or, for an old version, that version) was last written. */
  updatedAt: Date;
  content: BriefContent;
  /**
   * For an earlier version: the brief's version and state now. A version keeps no state of its own,
   * so its export names the brief's present state as such rather than as the version's.
   */
  latest?: { versionNum: number; state: BriefState };
};

export function briefToMarkdown(brief: BriefMarkdownInput): string {
  const blocks = [`# ${singleLine(brief.title)}`, metadata(brief)];
  // Every section the content has, empty ones too, then keys the contract does not know: an import
  // of this text gives back the same content (docs/contract.md#markdown-export).
  const known = contentSectionKeys.filter((key) => Object.hasOwn(brief.content, key));
  const others = Object.keys(brief.content).filter((key) => !(key in sectionTitles) && !nonSectionKeys.has(key));
  for (const key of [...known, ...others]) {
    const body = writeSection(key, brief.content[key]);
    blocks.push(body === "" ? `## ${headingFor(key)}` : `## ${headingFor(key)}\n\n${body}`);
  }
  return `${blocks.join("\n\n")}\n`;
}

/** Sections that would appear in the export, in order: read mode and outlines use the same rule. */
export function sectionsWithContent(content: BriefContent): ContentSectionKey[] {
  return contentSectionKeys.filter((key) => !isEmpty(content[key]));
}

function metadata(brief: BriefMarkdownInput): string {
  const { latest } = brief;
  const rows = [
    ["Project", singleLine(brief.projectName)],
    latest ? null : ["State", briefStateLabels[brief.state]],
    ["Version", latest ? `${brief.versionNum} (an earlier version; the brief is now at version ${latest.versionNum}, ${briefStateLabels[latest.state]})` : String(brief.versionNum)],
    ["Content hash", brief.hash ? `\`${brief.hash}\`` : "none"],
    ["Updated", brief.updatedAt.toISOString()],
  ];
  return rows.flatMap((row) => (row ? [`- **${row[0]}:** ${row[1]}`] : [])).join("\n");
}

/** One section's body as the export writes it under its heading (the chat view shows the same), or null when empty. */
export function sectionMarkdown(key: ContentSectionKey, value: unknown): string | null {
  return isEmpty(value) ? null : writeSection(key, value);
}

function singleLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ");
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}
