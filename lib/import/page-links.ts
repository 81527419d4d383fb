import path from "node:path";
import type { Definition, Image, Link, Nodes, Root } from "mdast";
import type { CompileContext, Token } from "mdast-util-from-markdown";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified, type Processor } from "unified";

/** A relative link or image of a page, with where its URL is written and what it points at in the ZIP. */
export type PageLink = {
  kind: "link" | "image";
  /** The URL as written in the page (still percent-encoded). */
  url: string;
  /** The ZIP path it points at: resolved against the page's folder, percent-decoded, without `#…` or `?…`. */
  zipPath: string;
  /** `#heading` part of the URL, if any, kept when the URL is rewritten. */
  fragment: string;
  /** Where the URL is written: `markdown.slice(start, end)` is the URL text (inside `<…>` when so written). */
  start: number;
  end: number;
};

/**
 * mdast keeps the position of a whole link, not of its URL. This records the URL's own span as
 * the parser reads it, so that a rewrite replaces exactly the URL and nothing around it (not the
 * link text, not a title, not a `(`-looking thing in the text).
 */
const destinations = new WeakMap<Nodes, { start: number; end: number }>();

function recordDestination(this: CompileContext, token: Token) {
  const url = this.resume();
  const node = this.stack[this.stack.length - 1] as Link | Image | Definition;
  node.url = url;
  destinations.set(node, { start: token.start.offset, end: token.end.offset });
}

function destinationPositions(this: Processor) {
  const data = this.data();
  (data.fromMarkdownExtensions ??= []).push({
    exit: { resourceDestinationString: recordDestination, definitionDestinationString: recordDestination },
  });
}

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ["yaml", "toml"]).use(destinationPositions);

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The in-ZIP path a URL points at from `pagePath`, or null for anything that is not a relative path inside the ZIP. */
function resolveInZip(url: string, pagePath: string): { zipPath: string; fragment: string } | null {
  if (url === "" || url.startsWith("#") || url.startsWith("/") || url.startsWith("\\") || SCHEME.test(url)) return null;
  const hash = url.indexOf("#");
  const fragment = hash < 0 ? "" : url.slice(hash);
  const withoutFragment = hash < 0 ? url : url.slice(0, hash);
  const query = withoutFragment.indexOf("?");
  const target = query < 0 ? withoutFragment : withoutFragment.slice(0, query);
  if (target === "") return null;
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // A stray "%" that is not an escape: the path is taken as written.
  }
  const zipPath = path.posix.normalize(path.posix.join(path.posix.dirname(pagePath), decoded));
  if (zipPath === ".." || zipPath.startsWith("../")) return null;
  return { zipPath, fragment };
}

function* walk(node: Nodes): Generator<Nodes> {
  yield node;
  if ("children" in node) for (const child of node.children) yield* walk(child);
}

/**
 * The relative links and images of a page (inline `[text](url)`, `![alt](url)`, and reference
 * definitions `[id]: url`), in the order they are written. Absolute URLs, `mailto:` and the like,
 * in-page `#anchors` and paths that climb out of the ZIP are not listed.
 */
export function pageLinks(markdown: string, pagePath: string): PageLink[] {
  const tree = parser.runSync(parser.parse(markdown)) as Root;
  const imageIds = new Set<string>();
  const linkIds = new Set<string>();
  for (const node of walk(tree)) {
    if (node.type === "imageReference") imageIds.add(node.identifier);
    if (node.type === "linkReference") linkIds.add(node.identifier);
  }
  const links: PageLink[] = [];
  for (const node of walk(tree)) {
    if (node.type !== "link" && node.type !== "image" && node.type !== "definition") continue;
    const span = destinations.get(node);
    const resolved = span ? resolveInZip(node.url, pagePath) : null;
    if (!span || !resolved) continue;
    const kind = node.type === "image" || (node.type === "definition" && imageIds.has(node.identifier) && !linkIds.has(node.identifier)) ? "image" : "link";
    links.push({ kind, url: markdown.slice(span.start, span.end), ...resolved, start: span.start, end: span.end });
  }
  return links.sort((a, b) => a.start - b.start);
}

const UNSAFE_IN_URL: Record<string, string> = { "(": "%28", ")": "%29", "<": "%3C", ">": "%3E" };

/** A URL made safe to write where the old one stood: no spaces, brackets or parentheses to end it early. */
function writableUrl(url: string): string {
  return url.replace(/[\s()<>]/g, (character) => UNSAFE_IN_URL[character] ?? encodeURIComponent(character));
}

/**
 * The page with the URL of each relative link and image replaced by `resolve(zipPath, kind)`, with
 * the original `#fragment` kept; where `resolve` answers null (a page or file not in the ZIP) the
 * URL is left as it is. Every other byte of the page is unchanged.
 */
export function rewritePageLinks(markdown: string, pagePath: string, resolve: (zipPath: string, kind: "link" | "image") => string | null): string {
  let out = markdown;
  for (const link of pageLinks(markdown, pagePath).reverse()) {
    const replacement = resolve(link.zipPath, link.kind);
    if (replacement === null) continue;
    out = out.slice(0, link.start) + writableUrl(replacement + link.fragment) + out.slice(link.end);
  }
  return out;
}
