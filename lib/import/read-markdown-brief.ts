/**
 * A Markdown document as a brief (docs/import.md): the title from front matter or the first `# `
 * heading, then each section heading's text read into the content key the heading names
 * (section-headings.ts). A heading that names no section is kept under a key of its own, with its
 * text: nothing in the file is dropped. A Briefs export is recognised by the metadata list under
 * its title, which is left out (it describes the brief, it is not content).
 */
import type { Heading, RootContent } from "mdast";
import { parse as parseYaml } from "yaml";
import type { BriefContent } from "@/lib/briefs/schema";
import { nonSectionKeys, sectionTitles } from "@/lib/briefs/section-titles";
import { headingText } from "./heading-text";
import type { HeadingPlacement, ImportedBrief } from "./import-report";
import { documentTree, normalizeLines, span } from "./markdown-tree";
import { readSection, trimBody } from "./read-section";
import { keyForHeading, sectionForHeading } from "./section-headings";
import { sectionKind } from "./section-kinds";

export type ReadOptions = {
  /** Choices made in the preview: a heading's line → the content key its section goes to instead. */
  sections?: Record<number, string>;
};

/** What the preview calls text that comes before the first heading. */
export const PREAMBLE_KEY = "Introduction";
const FRONT_MATTER_KEY = "Front matter";
const metadataRow = /^[ \t]*[-*+][ \t]+\*\*(?:Project|State|Version|Content hash|Updated):\*\*/;

type Part = { key: string; heading: string; depth: number; line: number; placement: HeadingPlacement["placement"]; raw: string };

export function readMarkdownBrief(source: string, options: ReadOptions = {}): ImportedBrief {
  const text = normalizeLines(source);
  const nodes = documentTree(text).children;
  const headings: HeadingPlacement[] = [];
  const content: BriefContent = {};
  let title: string | null = null;
  let rest = nodes;

  if (rest[0]?.type === "yaml") {
    const front = readFrontMatter(rest[0].value);
    title = front.title;
    if (front.others !== undefined) define(content, FRONT_MATTER_KEY, front.others);
    rest = rest.slice(1);
  }
  const titleIndex = rest.findIndex((node) => node.type === "heading" && node.depth === 1);
  let format: ImportedBrief["format"] = "markdown";
  if (titleIndex >= 0) {
    const node = rest[titleIndex] as Heading;
    const written = sourceOf(text, node);
    const fromHeading = headingText(written);
    if (title === null || title === fromHeading) {
      title ??= fromHeading;
      headings.push({ heading: fromHeading, depth: 1, line: lineOf(node), section: "title", placement: "title" });
      const next = rest[titleIndex + 1];
      const exported = next?.type === "list" && next.children.every((item) => metadataRow.test(sourceOf(text, item as unknown as RootContent)));
      if (exported) format = "briefs";
      rest = [...rest.slice(0, titleIndex), ...rest.slice(titleIndex + (exported ? 2 : 1))];
    }
  }

  const depths = rest.flatMap((node) => (node.type === "heading" ? [node.depth] : []));
  const sectionDepth = format === "briefs" ? 2 : Math.min(...depths, 6);
  // A deeper heading that names a known section starts it too ("## Checklist" under "# Summary"),
  // and so do the headings beside it, until the next heading of a section's level. Not in a Briefs
  // export, whose sections are exactly its `##` headings.
  const sectionStarts = new Set<RootContent>();
  let besideDepth: number | null = null;
  for (const node of rest) {
    if (node.type !== "heading") continue;
    if (node.depth <= sectionDepth) {
      sectionStarts.add(node);
      besideDepth = null;
    } else if (format !== "briefs" && (sectionForHeading(headingText(sourceOf(text, node))) !== null || (besideDepth !== null && node.depth <= besideDepth))) {
      sectionStarts.add(node);
      besideDepth = Math.min(besideDepth ?? node.depth, node.depth);
    }
  }
  const startsSection = (node: RootContent) => sectionStarts.has(node);
  const parts: Part[] = [];
  const firstHeading = rest.findIndex(startsSection);
  const preamble = firstHeading < 0 ? rest : rest.slice(0, firstHeading);
  if (preamble.length) {
    const raw = text.slice(span(preamble[0]).start, span(preamble.at(-1)!).end);
    // The preview may place the text before the first heading too, by the line it starts on.
    const key = chosenKey(options.sections?.[lineOf(preamble[0])], PREAMBLE_KEY);
    parts.push({ key, heading: PREAMBLE_KEY, depth: sectionDepth, line: lineOf(preamble[0]), placement: Object.hasOwn(sectionTitles, key) ? "section" : "kept", raw });
  }
  const starts = firstHeading < 0 ? [] : rest.slice(firstHeading).filter(startsSection);
  let current: string | null = null;
  for (const node of rest.slice(Math.max(firstHeading, 0))) {
    if (node.type !== "heading") continue;
    const heading = headingText(sourceOf(text, node));
    if (!startsSection(node)) {
      if (current !== null) headings.push({ heading, depth: node.depth, line: lineOf(node), section: current, placement: "inside" });
      continue;
    }
    const index = starts.indexOf(node);
    const bodyStart = span(node).end;
    const bodyEnd = index + 1 < starts.length ? span(starts[index + 1]).start : text.length;
    const named = keyForHeading(heading);
    const key = chosenKey(options.sections?.[lineOf(node)], named, heading);
    const placement = Object.hasOwn(sectionTitles, key) ? "section" : "kept";
    parts.push({ key, heading, depth: node.depth, line: lineOf(node), placement, raw: text.slice(bodyStart, bodyEnd) });
    current = key;
  }

  for (const part of parts) {
    const value = readSection(part.key, part.raw);
    const key = place(content, part.key, value);
    headings.push({ heading: part.heading, depth: part.depth, line: part.line, section: key, placement: part.placement });
  }
  headings.sort((a, b) => a.line - b.line);
  const rows = Array.isArray(content.testingQaChecklist) ? content.testingQaChecklist : [];
  return {
    title,
    content,
    headings,
    checklist: rows.map((row) => ({ text: String(row.text), checked: row.checked === true })),
    format,
  };
}

/**
 * Puts a section's value in place. A second heading for the same section adds to it (texts are
 * joined, rows appended); a second heading of its own with the same name gets a numbered key.
 */
function place(content: BriefContent, key: string, value: unknown): string {
  if (!Object.hasOwn(content, key)) {
    define(content, key, value);
    return key;
  }
  const existing = content[key];
  if (typeof existing === "string" && typeof value === "string" && sectionKind(key) !== "other") {
    define(content, key, [existing, trimBody(value)].filter(Boolean).join("\n\n"));
    return key;
  }
  if (Array.isArray(existing) && Array.isArray(value)) {
    define(content, key, [...existing, ...value]);
    return key;
  }
  let counter = 2;
  while (Object.hasOwn(content, `${key} (${counter})`)) counter += 1;
  define(content, `${key} (${counter})`, value);
  return `${key} (${counter})`;
}

/**
 * The key a preview's choice names: a known section, or a key of the heading's own. The editor's
 * draft and the checklist's mirror are never a place for imported text.
 */
function chosenKey(chosen: string | undefined, named: string, heading = named): string {
  if (chosen === undefined) return named;
  return nonSectionKeys.has(chosen) ? heading : chosen;
}

/** A key like `__proto__` is content like any other, not the object's prototype. */
function define(content: BriefContent, key: string, value: unknown): void {
  Object.defineProperty(content, key, { value, enumerable: true, writable: true, configurable: true });
}

function readFrontMatter(yaml: string): { title: string | null; others: unknown } {
  let data: unknown;
  try {
    // The core schema keeps dates as the text they were written as.
    data = parseYaml(yaml, { schema: "core" });
  } catch {
    return { title: null, others: yaml };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { title: null, others: data ?? undefined };
  const { title, ...others } = data as Record<string, unknown>;
  const named = typeof title === "string" && title.trim() !== "" ? title.trim() : null;
  const kept = named === null && title !== undefined ? { title, ...others } : others;
  return { title: named, others: Object.keys(kept).length ? kept : undefined };
}

function sourceOf(text: string, node: RootContent): string {
  const { start, end } = span(node);
  return text.slice(start, end);
}

function lineOf(node: RootContent): number {
  return node.position?.start.line ?? 0;
}
