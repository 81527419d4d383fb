import canonicalize from "canonicalize";
import type { Decision } from "./schema";

type DecisionDiff = { added: Decision[]; removed: Decision[] };

/**
 * What a write did to `content.decisions`, for the `decisionHistory` collection (docs/contract.md#collections).
 * Decisions have no ids, so they compare as a multiset of canonical JSON: reordering is not a
 * change, a duplicated decision is. An absent section counts as no decisions.
 * Returns null when nothing was added or removed. Order: `added` as in `next`, `removed` as in `prev`.
 */
export function diffDecisions(prev: readonly Decision[] | undefined, next: readonly Decision[] | undefined): DecisionDiff | null {
  const unmatched = new Map<string, number>();
  for (const decision of prev ?? []) {
    const key = canonicalize(decision)!;
    unmatched.set(key, (unmatched.get(key) ?? 0) + 1);
  }

  const added: Decision[] = [];
  for (const decision of next ?? []) {
    const key = canonicalize(decision)!;
    const count = unmatched.get(key) ?? 0;
    if (count > 0) unmatched.set(key, count - 1);
    else added.push(decision);
  }

  const removed: Decision[] = [];
  for (const decision of prev ?? []) {
    const key = canonicalize(decision)!;
    const count = unmatched.get(key) ?? 0;
    if (count > 0) {
      removed.push(decision);
      unmatched.set(key, count - 1);
    }
  }
  return added.length === 0 && removed.length === 0 ? null : { added, removed };
}
