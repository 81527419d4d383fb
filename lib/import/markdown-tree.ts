/**
 * Markdown parsed the way the product reads it everywhere: CommonMark with GitHub's tables and task
 * lists. A whole document may open with YAML front matter; a section's body may not (its `---`
 * is a rule).
 */
import type { Root, RootContent } from "mdast";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

const documentParser = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ["yaml"]).freeze();
const bodyParser = unified().use(remarkParse).use(remarkGfm).freeze();

export function documentTree(text: string): Root {
  return documentParser.parse(text);
}

export function bodyTree(text: string): Root {
  return bodyParser.parse(text);
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
