import type { ValidationIssue } from "../errors";
import { formatIssuePath, MAX_REPORTED_ISSUES } from "./issue-report";
import { plainTreeIssue } from "./plain-tree";

/**
 * Every string anywhere in the arguments — object keys included — must be valid Unicode and free of
 * NUL (docs/contract.md#strings-and-timestamps). Lone surrogates cannot be encoded as UTF-8 or canonicalized (RFC 8785),
 * and PostgreSQL text refuses NUL, so both are rejected at the door rather than deep inside a
 * transaction.
 *
 * The value is first proven to be a bounded tree (plainTreeIssue): a cycle or a shared reference
 * would make this walk endless or exponential. The walk uses an explicit stack and parent-linked
 * paths, so it costs neither call stack nor quadratic memory. Only arrays and own enumerable object
 * keys are visited — what JSON can carry.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type PathNode = { segment: string | number; parent: PathNode | null } | null;

type Visit = { kind: "value"; value: unknown; at: PathNode } | { kind: "key"; problem: string; at: PathNode };

export function stringProblem(value: string): string | null {
  if (value.includes("\u0000")) return "must not contain the NUL character";
  if (LONE_SURROGATE.test(value)) return "must be valid Unicode (it contains a lone surrogate)";
  return null;
}

function segmentsOf(at: PathNode): (string | number)[] {
  const segments: (string | number)[] = [];
  for (let node = at; node !== null; node = node.parent) segments.push(node.segment);
  return segments.reverse();
}

export function checkStrings(value: unknown, root = ""): ValidationIssue[] {
  const structural = plainTreeIssue(value, root);
  if (structural) return [structural];
  const issues: ValidationIssue[] = [];
  const stack: Visit[] = [{ kind: "value", value, at: null }];

  while (stack.length > 0 && issues.length < MAX_REPORTED_ISSUES) {
    const visit = stack.pop()!;
    if (visit.kind === "key") {
      issues.push({ path: formatIssuePath(root, segmentsOf(visit.at)), message: `The key ${visit.problem}.` });
      continue;
    }
    const current = visit.value;
    if (typeof current === "string") {
      const problem = stringProblem(current);
      if (problem) issues.push({ path: formatIssuePath(root, segmentsOf(visit.at)), message: `The text ${problem}.` });
    } else if (Array.isArray(current)) {
      // Pushed in reverse so that issues come out in document order.
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ kind: "value", value: current[index], at: { segment: index, parent: visit.at } });
      }
    } else if (current !== null && typeof current === "object") {
      const keys = Object.keys(current);
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index];
        const at = { segment: key, parent: visit.at };
        stack.push({ kind: "value", value: (current as Record<string, unknown>)[key], at });
        const problem = stringProblem(key);
        if (problem) stack.push({ kind: "key", problem, at });
      }
    }
  }
  return issues;
}
