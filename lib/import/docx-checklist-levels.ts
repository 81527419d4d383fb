import { zipSync, type Zippable } from "fflate";

/**
 * Checklists whose boxes are list bullets. Google Docs exports a checklist as a bulleted list
 * whose bullet (`w:lvlText` in word/numbering.xml) is "☐", or "☒" for the items ticked off, and
 * Word users make the same with a custom bullet. The box then lives in the numbering, not in
 * the text, and mammoth (which keeps only whether a list is ordered) would drop it.
 *
 * Each such level is given a paragraph style of its own (`w:pStyle` inside `w:lvl`, which mammoth
 * does carry onto every paragraph of the level), so that the paragraphs can get their box back as
 * text; see `restoreChecklistBoxes`.
 */
export const CHECKLIST_STYLE_UNCHECKED = "ImportChecklistUnchecked";
export const CHECKLIST_STYLE_CHECKED = "ImportChecklistChecked";

const BOXES: Record<string, string> = { "☐": CHECKLIST_STYLE_UNCHECKED, "☑": CHECKLIST_STYLE_CHECKED, "☒": CHECKLIST_STYLE_CHECKED };

/** `w:val` as written, with XML's character references decoded (`&#9744;` is "☐"). */
function attributeValue(element: string, name: string): string | null {
  const match = new RegExp(`${name}="([^"]*)"`).exec(element);
  if (!match) return null;
  return match[1].replace(/&#x([0-9a-f]+);|&#(\d+);/gi, (_, hex: string | undefined, decimal: string | undefined) =>
    String.fromCodePoint(hex ? parseInt(hex, 16) : Number(decimal)),
  );
}

/**
 * word/numbering.xml with every checkbox-bullet level marked by its style, or null when there is
 * none. `w:lvl` elements never nest, so each is handled as one piece of text.
 */
export function markChecklistLevels(numberingXml: string): string | null {
  let marked = false;
  const out = numberingXml.replace(/<w:lvl\b[^>]*>[\s\S]*?<\/w:lvl>/g, (level) => {
    const lvlText = /<w:lvlText\b[^>]*\/?>/.exec(level);
    const style = lvlText ? BOXES[attributeValue(lvlText[0], "w:val")?.trim() ?? ""] : undefined;
    if (!style) return level;
    marked = true;
    const withoutStyle = level.replace(/<w:pStyle\b[^>]*\/>/, "");
    return withoutStyle.replace(/^<w:lvl\b[^>]*>/, (open) => `${open}<w:pStyle w:val="${style}"/>`);
  });
  return marked ? out : null;
}

/** The document's parts packed again with the new numbering, stored rather than compressed (it is only read once). */
export function withNumbering(parts: Record<string, Uint8Array>, numberingXml: string): Uint8Array {
  const files: Zippable = {};
  for (const [name, bytes] of Object.entries(parts)) files[name] = [bytes, { level: 0 }];
  files["word/numbering.xml"] = [new TextEncoder().encode(numberingXml), { level: 0 }];
  return zipSync(files);
}

type MammothElement = { type: string; children?: MammothElement[]; numbering?: { paragraphStyleId?: string } | null; [key: string]: unknown };

/**
 * A mammoth document transform: each paragraph of a marked level gets its box back as the first
 * text of the paragraph, where the ☐/☒ handling of Word's own checkboxes finds it.
 */
export function restoreChecklistBoxes(element: MammothElement): MammothElement {
  const children = element.children?.map(restoreChecklistBoxes);
  const next = children ? { ...element, children } : element;
  if (next.type !== "paragraph") return next;
  const style = next.numbering?.paragraphStyleId;
  if (style !== CHECKLIST_STYLE_UNCHECKED && style !== CHECKLIST_STYLE_CHECKED) return next;
  const box = style === CHECKLIST_STYLE_CHECKED ? "☒" : "☐";
  const run: MammothElement = {
    type: "run",
    children: [{ type: "text", value: `${box} ` }],
    // The properties mammoth gives every run it reads, so that its HTML writer treats this one alike.
    styleId: null,
    styleName: null,
    isBold: false,
    isUnderline: false,
    isItalic: false,
    isStrikethrough: false,
    isAllCaps: false,
    isSmallCaps: false,
    verticalAlignment: "baseline",
    font: null,
    fontSize: null,
    highlight: null,
  };
  return { ...next, children: [run, ...(next.children ?? [])] };
}
