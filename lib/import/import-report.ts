/**
 * What an import found and where it put it: the same shape for every source format, shown in the
 * browser's preview, returned by the admin command and by brief_create with `markdown`.
 */
import type { BriefContent } from "@/lib/briefs/schema";

/** Where one heading of the source went. */
export type HeadingPlacement = {
  /** The heading as written, without its `#` marks. */
  heading: string;
  /** 1..6, as in Markdown. */
  depth: number;
  /** 1-based line in the source (for Word and ZIP pages: in the Markdown made from them). */
  line: number;
  /** The content key it went to: a contract section, or a key of its own named after the heading. */
  section: string;
  /**
   * `section`: the heading names a contract section (by title or synonym); `kept`: it names none,
   * so it and its text are kept under a key of its own; `inside`: a deeper heading kept as Markdown
   * inside the section above it; `title`: it is the brief's title.
   */
  placement: "section" | "kept" | "inside" | "title";
};

export type SourceFormat = "markdown" | "briefs" | "kiro" | "spec-kit" | "openspec" | "docx";

/** One brief as an import would create it, before anything is written. */
export type ImportedBrief = {
  /** From front matter `title` or the first `# ` heading; null when the source has neither. */
  title: string | null;
  content: BriefContent;
  headings: HeadingPlacement[];
  /** The QA checklist rows found, in order. */
  checklist: { text: string; checked: boolean }[];
  /** Which reader understood the source: a Briefs export, a spec format, or plain Markdown. */
  format: SourceFormat;
};
