/**
 * A section body as a sequence of items: each item of a top-level list is one, and so is every
 * other top-level block (a paragraph, a table, a code fence), so text around a list is kept as rows
 * of its own rather than dropped. Items are the Markdown source, without the list marker and with
 * continuation lines brought back to the margin.
 */
import type { ListItem, RootContent } from "mdast";
import { bodyTree, span } from "./markdown-tree";

export type BodyItem = {
  text: string;
  /** A task list item's box: true or false; null for every other item. */
  checked: boolean | null;
};

export function bodyItems(body: string): BodyItem[] {
  const items: BodyItem[] = [];
  for (const node of bodyTree(body).children) {
    if (node.type === "list") {
      for (const item of node.children) items.push({ text: listItemText(body, item), checked: item.checked ?? null });
    } else {
      const { start, end } = span(node);
      items.push({ text: body.slice(start, end).trimEnd(), checked: null });
    }
  }
  return items;
}

const marker = /^([ \t]*(?:[-*+]|\d{1,9}[.)]))([ \t]*)/;
const taskBox = /^\[[ xX]\](?:[ \t]+|$)/;

function listItemText(source: string, item: ListItem): string {
  const { start, end } = span(item as unknown as RootContent);
  const lineStart = source.lastIndexOf("\n", start - 1) + 1;
  const lines = source.slice(lineStart, end).split("\n");
  const found = marker.exec(lines[0]) ?? ["", lines[0], ""];
  // CommonMark: one to four spaces after the marker belong to it; five or more start indented code.
  const spaces = found[2].length >= 1 && found[2].length <= 4 ? found[2].length : Math.min(found[2].length, 1);
  const indent = found[1].length + spaces;
  let first = lines[0].slice(indent);
  if (item.checked !== null && item.checked !== undefined) first = first.replace(taskBox, "");
  const rest = lines.slice(1).map((line) => dedent(line, indent));
  return [first, ...rest].join("\n").trimEnd();
}

function dedent(line: string, width: number): string {
  let cut = 0;
  while (cut < width && cut < line.length && line[cut] === " ") cut += 1;
  return line.slice(cut);
}
