/**
 * Every content returned to a client carries `checklist`, a read-only mirror of
 * `testingQaChecklist`, and only when that section exists (docs/contract.md#checklist-mirror). It is never stored or
 * hashed: strip it before either.
 */
type Content = Record<string, unknown>;

export function withChecklistMirror<T extends Content>(content: T): T & { checklist?: unknown } {
  const stripped = withoutChecklistMirror(content);
  const items = stripped.testingQaChecklist;
  if (items === undefined) return stripped;
  // An own copy: a caller editing one list must not silently edit the other.
  return { ...stripped, checklist: structuredClone(items) };
}

export function withoutChecklistMirror<T extends Content>(content: T): T {
  return Object.fromEntries(Object.entries(content).filter(([key]) => key !== "checklist")) as T;
}
