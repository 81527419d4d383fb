/**
 * What the browser's import preview shows of each brief an import would create: where every
 * heading goes, the checklist rows, and the start of each section's text. Compact on purpose: a
 * preview is re-run on every choice, so it carries a taste of each section, not the content.
 */
import { IMPORT_PREVIEW_TEXT_MAX } from "@/lib/contract/bounds";
import type { PlannedBrief } from "./import-files";
import type { HeadingPlacement, ImportedBrief, SourceFormat } from "./import-report";

/** The source pasted Markdown is imported and previewed as. */
export const PASTED_SOURCE = "pasted.md";

export type SectionPreview = { key: string; text: string };

export type PreviewBrief = {
  /** The file (or, for a ZIP, the page inside it) the brief comes from; unique within one import. */
  source: string;
  title: string;
  format: SourceFormat;
  headings: HeadingPlacement[];
  checklist: ImportedBrief["checklist"];
  /** Each content key the brief would have, in the order the document has them. */
  sections: SectionPreview[];
  /** What the reader could not keep (images in a Word document, files of a ZIP that are not pages). */
  notes: string[];
};

export type ImportPreview = { briefs: PreviewBrief[] };

export function importPreview(planned: PlannedBrief[]): ImportPreview {
  return {
    briefs: planned.map((brief) => ({
      source: brief.source,
      title: brief.title,
      format: brief.format,
      headings: brief.headings,
      checklist: brief.checklist,
      sections: Object.entries(brief.content).map(([key, value]) => ({ key, text: previewText(value) })),
      notes: brief.notes,
    })),
  };
}

/** The words of a section's value, whatever its shape (text, list items, tickets), shortened. */
export function previewText(value: unknown): string {
  const words = textsOf(value).join(" · ").replace(/\s+/g, " ").trim();
  const chars = [...words];
  return chars.length <= IMPORT_PREVIEW_TEXT_MAX ? words : `${chars.slice(0, IMPORT_PREVIEW_TEXT_MAX - 1).join("").trimEnd()}…`;
}

function textsOf(value: unknown): string[] {
  if (typeof value === "string") return value.trim() ? [value] : [];
  if (typeof value === "number") return [String(value)];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(textsOf);
  return [];
}
