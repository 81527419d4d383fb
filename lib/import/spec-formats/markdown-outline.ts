/**
 * A Markdown file as its outline: each heading with the blocks under it and the deeper headings
 * inside it. The spec readers walk this instead of the syntax tree, and take text from the source
 * itself (by offsets), so what a section holds is kept exactly as it was written.
 */
import type { Heading, RootContent } from "mdast";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

/** One top-level block (paragraph, list, code, table…) and where it lies in the source. */
export type Block = { node: RootContent; start: number; end: number; line: number };

export type OutlineHeading = {
  /** As written, without its `#` marks. */
  text: string;
  depth: number;
  line: number;
  start: number;
  end: number;
};

export type OutlineSection = {
  heading: OutlineHeading;
  /** The blocks between this heading and the next heading of any depth. */
  body: Block[];
  /** Deeper headings up to the next heading of this depth or less. */
  children: OutlineSection[];
};

export type Outline = {
  source: string;
  /** Blocks before the first heading. */
  preamble: Block[];
  /** The top-level sections: every heading that has no shallower heading above it. */
  sections: OutlineSection[];
};

// Front matter is one block of text before the first heading, not a rule and a heading.
const parser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm);

export function parseOutline(markdown: string): Outline {
  // Offsets below index this normalized text; Windows line endings would shift nothing, but a lone
  // carriage return would read as part of a line.
  let source = markdown.replace(/\r\n?/g, "\n");
  let tree = parser.parse(source);
  const closed = closeOpenFence(source, tree.children.at(-1));
  if (closed !== source) {
    source = closed;
    tree = parser.parse(source);
  }
  const outline: Outline = { source, preamble: [], sections: [] };
  const open: OutlineSection[] = [];

  for (const node of tree.children) {
    const start = node.position?.start.offset ?? 0;
    const end = node.position?.end.offset ?? start;
    const line = node.position?.start.line ?? 1;
    if (node.type === "heading") {
      const section: OutlineSection = { heading: headingOf(source, node, start, end, line), body: [], children: [] };
      while (open.length > 0 && open[open.length - 1].heading.depth >= node.depth) open.pop();
      (open.length > 0 ? open[open.length - 1].children : outline.sections).push(section);
      open.push(section);
      continue;
    }
    // Template guidance in HTML comments is invisible wherever the file is rendered; it is not
    // part of what the spec says.
    if (node.type === "html" && /^<!--[\s\S]*-->$/.test(node.value.trim())) continue;
    const block = { node, start, end, line };
    (open.length > 0 ? open[open.length - 1].body : outline.preamble).push(block);
  }
  return outline;
}

/**
 * A code fence left open runs to the end of the file. Its text is kept with the fence closed, so
 * that wherever it is written again it does not swallow what follows it.
 */
function closeOpenFence(source: string, last: RootContent | undefined): string {
  if (last?.type !== "code" || !last.position) return source;
  const raw = source.slice(last.position.start.offset, last.position.end.offset);
  const opening = /^[ \t]*(`{3,}|~{3,})/.exec(raw)?.[1];
  if (!opening) return source;
  const lines = raw.split("\n");
  const closing = lines.length > 1 && new RegExp(`^[ \\t]*${opening[0]}{${opening.length},}[ \\t]*$`).test(lines[lines.length - 1]);
  return closing ? source : `${source.replace(/\n*$/, "")}\n${opening}\n`;
}

function headingOf(source: string, node: Heading, start: number, end: number, line: number): OutlineHeading {
  const first = node.children[0]?.position?.start.offset;
  const last = node.children[node.children.length - 1]?.position?.end.offset;
  const text = first === undefined || last === undefined ? "" : source.slice(first, last);
  return { text: text.replace(/\s+/g, " ").trim(), depth: node.depth, line, start, end };
}

/** The source text from the first block to the last, as written (blank lines and all), or "". */
export function sourceOf(source: string, blocks: readonly { start: number; end: number }[]): string {
  if (blocks.length === 0) return "";
  return source.slice(blocks[0].start, blocks[blocks.length - 1].end).trim();
}

/** A section's text under its heading, deeper headings included, as written. */
export function sectionText(source: string, section: OutlineSection): string {
  const last = lastOffset(section);
  const first = section.body[0]?.start ?? section.children[0]?.heading.start;
  if (first === undefined) return "";
  return source.slice(first, last).trim();
}

function lastOffset(section: OutlineSection): number {
  const child = section.children[section.children.length - 1];
  if (child) return lastOffset(child);
  return section.body[section.body.length - 1]?.end ?? section.heading.end;
}

/** Every heading inside a section, deepest last, in source order. */
export function descendantHeadings(section: OutlineSection): OutlineHeading[] {
  return section.children.flatMap((child) => [child.heading, ...descendantHeadings(child)]);
}

/**
 * A heading reduced for comparison: Spec Kit marks sections `*(mandatory)*` or
 * `*(include if …)*`, and case and spacing vary between hands.
 */
export function headingKey(text: string): string {
  return text
    .replace(/\*\([^)]*\)\*/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}
