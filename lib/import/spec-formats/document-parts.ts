/**
 * The parts every spec file shares: an optional `# ` title heading whose `##` sections are the
 * document, and text before or under the title that belongs to no section.
 */
import { parseOutline, sourceOf, type Block, type Outline, type OutlineSection } from "./markdown-outline";

/** The content key front matter is kept under, and written back from at the top of the file. */
export const FRONT_MATTER_KEY = "Front matter";

export type DocumentParts = {
  /** YAML front matter at the very top. */
  frontMatter: Block | null;
  /** The first heading, when it is a `# ` heading. */
  title: OutlineSection | null;
  /** Text before the first heading and under the title before its first section. */
  lead: Block[];
  /** The title's sections, then any top-level sections after it. */
  sections: OutlineSection[];
};

export function documentParts(outline: Outline): DocumentParts {
  const [head, ...preamble] = outline.preamble;
  const frontMatter = head && head.node.type === "yaml" ? head : null;
  const before = frontMatter ? preamble : outline.preamble;
  const [first, ...rest] = outline.sections;
  if (first && first.heading.depth === 1) {
    return { frontMatter, title: first, lead: [...before, ...first.body], sections: [...first.children, ...rest] };
  }
  return { frontMatter, title: null, lead: before, sections: outline.sections };
}

/** The brief's kept front matter, to open the written file with; none when the key holds other text. */
export function frontMatter(content: Record<string, unknown>): string[] {
  const text = content[FRONT_MATTER_KEY];
  if (typeof text !== "string") return [];
  const outline = parseOutline(text);
  const [only, ...others] = outline.preamble;
  const isFrontMatter = only && others.length === 0 && outline.sections.length === 0 && only.node.type === "yaml";
  return isFrontMatter ? [text.trim()] : [];
}

export function leadText(outline: Outline, parts: DocumentParts): string {
  // Text before the title and under it are two runs: the title heading lies between them.
  const under = parts.title?.body ?? [];
  const before = parts.lead.filter((block) => !under.includes(block));
  return [sourceOf(outline.source, before), sourceOf(outline.source, under)].filter((text) => text !== "").join("\n\n");
}

/** A written spec file: blocks separated by one blank line, ending in a newline. */
export function joinBlocks(blocks: readonly string[]): string {
  return `${blocks.filter((block) => block !== "").join("\n\n")}\n`;
}

/** A fresh id within a set already used: `R1.1`, then `R1.1-2`, … */
export function uniqueId(used: Set<string>, id: string): string {
  let candidate = id;
  for (let n = 2; used.has(candidate); n += 1) candidate = `${id}-${n}`;
  used.add(candidate);
  return candidate;
}

/**
 * The text of some blocks of a section, as written: blocks that stood next to each other keep what
 * lay between them; where something was taken out (or an HTML comment stood), one blank line.
 */
export function blocksText(source: string, blocks: readonly Block[]): string {
  let text = "";
  blocks.forEach((block, index) => {
    const previous = blocks[index - 1];
    const between = previous ? source.slice(previous.end, block.start) : "";
    if (previous) text += between.trim() === "" ? between : "\n\n";
    text += source.slice(block.start, block.end);
  });
  return text.trim();
}
