/**
 * The items of a Markdown list as their own text: marker removed, continuation lines brought back
 * to the left edge, nested lists and extra paragraphs kept as Markdown. The readers need the text
 * exactly as written, which a syntax tree alone cannot give back.
 */
import type { List } from "mdast";
import type { Block } from "./markdown-outline";

export type ListItemText = {
  text: string;
  /** The number written before an ordered item (`5.` → 5); null for bullets. */
  number: number | null;
  /** A task list item's box; null when the item has none. */
  checked: boolean | null;
  line: number;
};

const MARKER = /^([-*+]|(\d{1,9})[.)])([ \t]*)/;

export function isList(block: Block | undefined): block is Block & { node: List } {
  return block?.node.type === "list";
}

export function listItems(source: string, list: List): ListItemText[] {
  return list.children.map((item) => {
    const start = item.position?.start.offset ?? 0;
    const end = item.position?.end.offset ?? start;
    const raw = source.slice(start, end);
    const marker = MARKER.exec(raw);
    const markerWidth = marker ? marker[1].length : 0;
    const spaces = marker ? marker[3].length : 0;
    // CommonMark: five or more spaces after the marker mean one space and indented code.
    const indent = markerWidth + (spaces >= 1 && spaces <= 4 ? spaces : 1);
    const [first, ...rest] = raw.slice(marker ? marker[0].length : 0).split("\n");
    let text = [first, ...rest.map((line) => dedent(line, indent))].join("\n").trim();
    if (item.checked !== null && item.checked !== undefined) text = text.replace(/^\[[ xX]\][ \t]*/, "");
    return {
      text,
      number: marker?.[2] !== undefined ? Number(marker[2]) : null,
      checked: item.checked ?? null,
      line: item.position?.start.line ?? 1,
    };
  });
}

function dedent(line: string, width: number): string {
  let cut = 0;
  while (cut < width && line[cut] === " ") cut += 1;
  return line.slice(cut);
}

/** Items as a Markdown list again: the inverse of listItems for text the readers produce. */
export function bulletList(items: readonly string[]): string {
  return items.map((item) => `- ${indentContinuation(item, 2)}`).join("\n");
}

export function numberedList(items: readonly { number: number; text: string }[]): string {
  return items
    .map(({ number, text }) => {
      const marker = `${number}. `;
      return `${marker}${indentContinuation(text, marker.length)}`;
    })
    .join("\n");
}

function indentContinuation(text: string, width: number): string {
  const pad = " ".repeat(width);
  return text
    .split("\n")
    .map((line, index) => (index === 0 || line === "" ? line : pad + line))
    .join("\n");
}
