import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from "hast";
import mammoth from "mammoth";
import type { Root } from "mdast";
import rehypeParse from "rehype-parse";
import rehypeRemark from "rehype-remark";
import remarkGfm from "remark-gfm";
import remarkStringify from "remark-stringify";
import { unified } from "unified";
import { DomainError } from "@/lib/errors";
import { checkboxGlyphsToTasks } from "./checkbox-glyphs-to-tasks";
import { markChecklistLevels, restoreChecklistBoxes, withNumbering } from "./docx-checklist-levels";
import { importFileError, quoteName } from "./import-file-error";
import { inflateZipEntry, newUnpackBudget } from "./inflate-zip-entry";
import { readZipDirectory } from "./zip-directory";

/**
 * Word's paragraph styles as Markdown. Mammoth already maps "Heading 1".."Heading 6" (by id
 * `Heading1` and by name, in either case) to headings; the document's "Title" becomes the
 * top heading too, and "Subtitle" a plain paragraph rather than a warning. Google Docs exports
 * use the same style ids and names as Word.
 */
const STYLE_MAP = ["p.Title => h1:fresh", "p[style-name='Title'] => h1:fresh", "p.Subtitle => p:fresh", "p[style-name='Subtitle'] => p:fresh"];

/**
 * Mammoth's HTML, tidied for Markdown: images are dropped (the import keeps none from a Word file)
 * and counted; a bookmark (`<a id>`) or a link to one (`#…`) has no meaning outside the document,
 * so it gives way to its text.
 */
function tidyHtml(counts: { images: number }) {
  const tidy = (nodes: ElementContent[] | HastContent[]): ElementContent[] =>
    (nodes as ElementContent[]).flatMap((node): ElementContent[] => {
      if (node.type !== "element") return [node];
      if (node.tagName === "img") {
        counts.images++;
        return [];
      }
      const children = tidy(node.children);
      const href = node.properties.href;
      if (node.tagName === "a" && (typeof href !== "string" || href === "" || href.startsWith("#"))) return children;
      return [{ ...node, children } as Element];
    });
  return () => (tree: HastRoot) => {
    tree.children = tidy(tree.children);
  };
}

const toTasks = () => (tree: Root) => checkboxGlyphsToTasks(tree);

/**
 * The parts of the Word file, unpacked under the same limits as any ZIP upload so that a
 * compressed bomb inside a .docx is refused before mammoth unpacks it without any.
 */
function unpackParts(bytes: Uint8Array): Record<string, Uint8Array> {
  const budget = newUnpackBudget();
  const parts: Record<string, Uint8Array> = {};
  for (const entry of readZipDirectory(bytes, "Word document")) {
    if (!entry.isDirectory) parts[entry.name] = inflateZipEntry(bytes, entry, budget, quoteName(entry.name));
  }
  return parts;
}

/**
 * A Word document (.docx, from Word or Google Docs) as Markdown: headings, nested bullet and
 * numbered lists, tables (GFM), bold, italic, links, and checkboxes as task items. Images are left
 * out, with a warning saying how many. A damaged file is refused (VALIDATION_ERROR at `file`).
 */
export async function docxToMarkdown(bytes: Uint8Array): Promise<{ markdown: string; warnings: string[] }> {
  let parts: Record<string, Uint8Array>;
  try {
    parts = unpackParts(bytes);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const issue = (error.details as { issues: { message: string }[] }).issues[0].message;
    const reason = issue
      .replace(/^The ZIP “Word document” is not a readable ZIP archive: /, "it is not a complete ZIP archive, as a .docx file is: ")
      .replace(/^The ZIP “Word document”/, "its archive")
      .replace(/^The /, "the ");
    throw importFileError(`The Word document cannot be read: ${reason}`);
  }
  if (!parts["word/document.xml"]) throw importFileError("The Word document cannot be read: it has no word/document.xml.");
  const numbering = parts["word/numbering.xml"] ? markChecklistLevels(new TextDecoder().decode(parts["word/numbering.xml"])) : null;
  const input = numbering === null ? bytes : withNumbering(parts, numbering);

  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(input.buffer, input.byteOffset, input.byteLength) },
      { styleMap: STYLE_MAP, externalFileAccess: false, ignoreEmptyParagraphs: true, transformDocument: restoreChecklistBoxes },
    );
    html = result.value;
  } catch {
    throw importFileError("The Word document cannot be read: it is damaged or not a Word document. Open it in Word or Google Docs and save it again.");
  }

  const counts = { images: 0 };
  const file = await unified()
    .use(rehypeParse, { fragment: true })
    .use(tidyHtml(counts))
    // Word's checkboxes reach the HTML as inputs; as box characters they join those typed in the text.
    .use(rehypeRemark, { checked: "☒", unchecked: "☐" })
    .use(toTasks)
    .use(remarkGfm)
    .use(remarkStringify, { bullet: "-", listItemIndent: "one", rule: "-", fences: true })
    .process(html);

  const warnings: string[] = [];
  if (counts.images > 0) {
    warnings.push(
      counts.images === 1 ? "The document's 1 image was left out: import keeps text only from Word files." : `The document's ${counts.images} images were left out: import keeps text only from Word files.`,
    );
  }
  return { markdown: String(file), warnings };
}
