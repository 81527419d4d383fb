/**
 * Markdown parsed for its structure: CommonMark with GitHub's task lists and tables, the parts of
 * GitHub Flavored Markdown that decide blocks. The inline extensions (autolinks above all) are left
 * out on purpose: they change no block boundary and cost ten times the parse on long sections. A
 * whole document may open with YAML front matter; a section's body may not (its `---` is a rule).
 */
import type { Root, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { frontmatterFromMarkdown } from "mdast-util-frontmatter";
import { gfmTableFromMarkdown } from "mdast-util-gfm-table";
import { gfmTaskListItemFromMarkdown } from "mdast-util-gfm-task-list-item";
import { frontmatter } from "micromark-extension-frontmatter";
import { gfmTable } from "micromark-extension-gfm-table";
import { gfmTaskListItem } from "micromark-extension-gfm-task-list-item";

const body = { extensions: [gfmTable(), gfmTaskListItem()], mdastExtensions: [gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown()] };
const whole = {
  extensions: [...body.extensions, frontmatter(["yaml"])],
  mdastExtensions: [...body.mdastExtensions, frontmatterFromMarkdown(["yaml"])],
};

export function documentTree(text: string): Root {
  return fromMarkdown(text, whole);
}

export function bodyTree(text: string): Root {
  return fromMarkdown(text, body);
}

/** Where a node starts and ends in the text it was parsed from (UTF-16 offsets, as string indexes). */
export function span(node: RootContent | Root): { start: number; end: number } {
  const position = node.position;
  if (!position || position.start.offset === undefined || position.end.offset === undefined) {
    throw new Error("A Markdown node without a position: the parser is configured without positions.");
  }
  return { start: position.start.offset, end: position.end.offset };
}

/** CRLF and lone CR as LF, and no byte order mark: what Markdown means by a line. */
export function normalizeLines(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}
