import type { Heading, Root } from "mdast";
import { toString } from "mdast-util-to-string";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { stripNotionId } from "./notion-id";

/**
 * Only the start of a page is searched: a title sits at the top, and parsing every page of a
 * 100 MB export in full only to name it would take far longer than the import itself.
 */
const TITLE_SEARCHED_CHARACTERS = 64 * 1024;

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ["yaml", "toml"]);

/**
 * A page's title: its first top-level heading (`# Title`, or the underlined form), read from the
 * parsed Markdown so that a `#` in code or front matter is not taken for one; else its file name
 * without folder, extension or Notion id.
 */
export function pageTitle(markdown: string, pagePath: string): string {
  const tree = parser.parse(markdown.slice(0, TITLE_SEARCHED_CHARACTERS)) as Root;
  const heading = tree.children.find((node): node is Heading => node.type === "heading" && node.depth === 1);
  const fromHeading = heading ? toString(heading).trim() : "";
  if (fromHeading !== "") return fromHeading;
  const fileName = pagePath.slice(pagePath.lastIndexOf("/") + 1);
  return stripNotionId(fileName).replace(/\.[^.]+$/, "").trim() || fileName;
}
