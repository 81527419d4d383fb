import { MARKS } from "./word-diff";

/**
 * A rehype plugin for the review page: text between the marks of word-diff.ts becomes <ins> or
 * <del>, wherever the Markdown put it (a change may start in one paragraph or list item and end in
 * another, so the state carries across text nodes in document order). It runs after sanitizing and
 * adds nothing but those two elements.
 */
type Node = { type: string; value?: string; tagName?: string; properties?: Record<string, unknown>; children?: Node[] };

export function rehypeDiffMarks() {
  return (tree: Node) => {
    let mode: "ins" | "del" | null = null;
    const visit = (node: Node) => {
      if (!node.children) return;
      const next: Node[] = [];
      for (const child of node.children) {
        if (child.type !== "text" || typeof child.value !== "string") {
          visit(child);
          next.push(child);
          continue;
        }
        let buffer = "";
        const flush = () => {
          if (!buffer) return;
          const text: Node = { type: "text", value: buffer };
          next.push(mode ? { type: "element", tagName: mode, properties: { className: [`diff-${mode}`] }, children: [text] } : text);
          buffer = "";
        };
        for (const char of child.value) {
          if (char === MARKS.insOpen || char === MARKS.delOpen || char === MARKS.insClose || char === MARKS.delClose) {
            flush();
            mode = char === MARKS.insOpen ? "ins" : char === MARKS.delOpen ? "del" : null;
          } else buffer += char;
        }
        flush();
      }
      node.children = next;
    };
    visit(tree);
  };
}
