/**
 * The parts every spec file shares: an optional `# ` title heading whose `##` sections are the
 * document, and text before or under the title that belongs to no section.
 */
import { sourceOf, type Block, type Outline, type OutlineSection } from "./markdown-outline";

export type DocumentParts = {
  /** The first heading, when it is a `# ` heading. */
  title: OutlineSection | null;
  /** Text before the first heading and under the title before its first section. */
  lead: Block[];
  /** The title's sections, then any top-level sections after it. */
  sections: OutlineSection[];
};

export function documentParts(outline: Outline): DocumentParts {
  const [first, ...rest] = outline.sections;
  if (first && first.heading.depth === 1) {
    return { title: first, lead: [...outline.preamble, ...first.body], sections: [...first.children, ...rest] };
  }
  return { title: null, lead: outline.preamble, sections: outline.sections };
}

export function leadText(outline: Outline, parts: DocumentParts): string {
  return sourceOf(outline.source, parts.lead);
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

/** Raw text of a run of blocks, each as written, one blank line apart. */
export function blocksText(source: string, blocks: readonly Block[]): string {
  return blocks.map((block) => source.slice(block.start, block.end).trim()).join("\n\n");
}
