/**
 * The exact form of a value: JSON in a fenced code block. The export falls back to it wherever the
 * readable form would not read back to the same value, and keys the contract does not know use it
 * for anything but text.
 */
import { bodyTree, span } from "./markdown-tree";

export function jsonFence(value: unknown): string {
  const text = JSON.stringify(value, null, 2);
  const longestRun = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(longestRun + 1);
  return `${fence}json\n${text}\n${fence}`;
}

/** The value of a body that is one JSON code block and nothing else; `undefined` otherwise. */
export function readJsonFence(body: string): unknown {
  // Only a body that opens with a fence can be one; most are not, and need no parse.
  if (!/^(?:`{3,}|~{3,})json/.test(body)) return undefined;
  const { children } = bodyTree(body);
  if (children.length !== 1) return undefined;
  const [node] = children;
  if (node.type !== "code" || node.lang !== "json" || node.meta) return undefined;
  const { start, end } = span(node);
  if (start !== 0 || end !== body.length) return undefined;
  try {
    return JSON.parse(node.value) as unknown;
  } catch {
    return undefined;
  }
}
