import type { ValidationIssue } from "../errors";
import { INPUT_MAX_DEPTH, INPUT_MAX_NODES } from "./input-bounds";
import { formatIssuePath } from "./issue-report";

/**
 * Checks that a value is a tree, as JSON is: no object or array reached twice (a cycle, or a shared
 * reference that would be expanded once per path), at most INPUT_MAX_DEPTH levels and
 * INPUT_MAX_NODES nodes. Returns the first problem, or null.
 *
 * This walk is itself bounded: it stops at the first object seen twice, the first level too deep or
 * the first node over the budget, so its cost never exceeds INPUT_MAX_NODES steps. It follows arrays
 * and own enumerable keys of objects, which is what JSON carries and what later walks follow.
 */
type PathNode = { segment: string | number; parent: PathNode | null } | null;

function segmentsOf(at: PathNode): (string | number)[] {
  const segments: (string | number)[] = [];
  for (let node = at; node !== null; node = node.parent) segments.push(node.segment);
  return segments.reverse();
}

export function plainTreeIssue(value: unknown, root = ""): ValidationIssue | null {
  const seen = new Set<object>();
  const stack: { value: unknown; at: PathNode; depth: number }[] = [{ value, at: null, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: current, at, depth } = stack.pop()!;
    nodes++;
    if (current === null || typeof current !== "object") continue;
    if (seen.has(current)) {
      return {
        path: formatIssuePath(root, segmentsOf(at)),
        message: "Must be plain JSON: this object or array also appears elsewhere in the input (a cycle or a shared reference).",
      };
    }
    seen.add(current);
    if (depth >= INPUT_MAX_DEPTH) {
      return { path: formatIssuePath(root, segmentsOf(at)), message: `Nested too deeply: at most ${INPUT_MAX_DEPTH} levels.` };
    }
    const keys = Array.isArray(current) ? null : Object.keys(current);
    // Counted before anything is pushed, so the stack itself never outgrows the budget.
    if (nodes + stack.length + (keys ?? (current as unknown[])).length > INPUT_MAX_NODES) {
      return { path: root, message: `Too large: at most ${INPUT_MAX_NODES} values in all.` };
    }
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], at: { segment: index, parent: at }, depth: depth + 1 });
      }
    } else if (keys) {
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index];
        stack.push({ value: (current as Record<string, unknown>)[key], at: { segment: key, parent: at }, depth: depth + 1 });
      }
    }
  }
  return null;
}
