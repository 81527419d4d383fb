import type { List, ListItem, Nodes, Paragraph, PhrasingContent, Root, RootContent } from "mdast";

/**
 * Word and Google Docs have no task lists; their checkboxes reach the Markdown as a box character
 * at the start of a list item or paragraph: "☐" open, "☒" or "☑" done. This turns those into GFM
 * task items (`- [ ]`, `- [x]`): a list item keeps its list, and a run of box-led paragraphs
 * becomes one task list. A list item struck through as a whole is ticked: Google Docs strikes
 * the items ticked off a checklist, and where an export draws every bullet as "☐" the strike is
 * all that tells them apart. On a ticked item the strike is dropped: the tick says it already.
 */
const BOX = /^\s*([☐☑☒])[\s\u00a0]*/u;

/** The first text of a paragraph, looking through leading emphasis (a bold "☒ Done" still counts). */
function leadingText(nodes: PhrasingContent[]): { value: string } | null {
  const first = nodes[0];
  if (!first) return null;
  if (first.type === "text") return first;
  if ("children" in first && (first.type === "strong" || first.type === "emphasis" || first.type === "delete")) return leadingText(first.children);
  return null;
}

/**
 * Removes the box from the paragraph and says whether it was ticked, or null when the paragraph
 * has none. `strikeTicks`: a paragraph struck through as a whole counts as ticked (list items).
 */
function takeBox(paragraph: Paragraph, strikeTicks: boolean): boolean | null {
  const text = leadingText(paragraph.children);
  const match = text ? BOX.exec(text.value) : null;
  if (!text || !match) return null;
  text.value = text.value.slice(match[0].length);
  dropEmpty(paragraph.children);
  const only = paragraph.children.length === 1 ? paragraph.children[0] : null;
  const checked = match[1] !== "☐" || (strikeTicks && only?.type === "delete");
  if (checked && only?.type === "delete") paragraph.children = only.children;
  return checked;
}

/** An emphasis or text emptied by taking the box leaves nothing behind. */
function dropEmpty(nodes: PhrasingContent[]): void {
  const first = nodes[0];
  if (!first) return;
  if ("children" in first && (first.type === "strong" || first.type === "emphasis" || first.type === "delete")) dropEmpty(first.children);
  if ((first.type === "text" && first.value === "") || ("children" in first && first.children.length === 0)) nodes.shift();
}

function tasksInItem(item: ListItem): void {
  const first = item.children[0];
  if (item.checked == null && first?.type === "paragraph") {
    const checked = takeBox(first, true);
    if (checked !== null) item.checked = checked;
  }
}

/** Consecutive box-led paragraphs among `children`, each made a task item of one list. */
function tasksAmongBlocks(children: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  let list: List | null = null;
  for (const child of children) {
    const checked = child.type === "paragraph" ? takeBox(child, false) : null;
    if (checked === null) {
      list = null;
      out.push(child);
      continue;
    }
    if (!list) {
      list = { type: "list", ordered: false, spread: false, children: [] };
      out.push(list);
    }
    list.children.push({ type: "listItem", spread: false, checked, children: [child as Paragraph] });
  }
  return out;
}

export function checkboxGlyphsToTasks(tree: Root): void {
  const visit = (node: Nodes) => {
    if (node.type === "listItem") tasksInItem(node);
    if (node.type === "root" || node.type === "blockquote" || node.type === "listItem") {
      node.children = tasksAmongBlocks(node.children) as typeof node.children;
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
}
