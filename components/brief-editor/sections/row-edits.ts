import type { AcceptanceCriterion } from "@/lib/briefs/schema";
import type { Row } from "../form-model";

/** The rows with one moved by `delta` places (−1 up, +1 down). */
export function moveRow<T>(rows: readonly Row<T>[], index: number, delta: number): Row<T>[] {
  const next = [...rows];
  const [row] = next.splice(index, 1);
  next.splice(index + delta, 0, row);
  return next;
}

/** The rows with the one of this key changed by `patch`; the others are kept as they are. */
export function updateRow<T>(rows: readonly Row<T>[] | undefined, key: string, patch: (value: T) => T): Row<T>[] {
  return (rows ?? []).map((row) => (row.key === key ? { ...row, value: patch(row.value) } : row));
}

/** The next free id such as AC-3: criteria and tickets need ids, and a sensible default saves typing. */
export function nextId(prefix: string, taken: readonly string[]): string {
  for (let n = taken.length + 1; ; n++) {
    const id = `${prefix}-${n}`;
    if (!taken.includes(id)) return id;
  }
}

/** "Edge case" → "edge case", but "UI/UX test" stays as it is. */
export function lowerFirst(label: string): string {
  return label.replace(/^[A-Z](?=[a-z\s])/, (c) => c.toLowerCase());
}

/** Ids typed as a comma- or space-separated list. */
export function parseIds(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/**
 * Switching implementation on keeps manual evidence only if something was written in it;
 * switching it off opens an empty evidence form, which is then required.
 */
export function withImplementation(criterion: AcceptanceCriterion, needed: boolean): AcceptanceCriterion {
  if (needed) {
    const evidence = criterion.manualEvidence && (criterion.manualEvidence.rationale || criterion.manualEvidence.evidencePath) ? criterion.manualEvidence : undefined;
    return { ...criterion, implementation: undefined, manualEvidence: evidence };
  }
  return { ...criterion, implementation: false, manualEvidence: criterion.manualEvidence ?? { rationale: "", evidencePath: "" } };
}

/** The criteria a ticket can bind: the brief's own, then ids it binds that are no longer criteria. */
export function boundCriteriaOptions(criteriaIds: readonly string[], bound: readonly string[]): string[] {
  return [...criteriaIds, ...bound.filter((id) => !criteriaIds.includes(id))];
}

/** Binds or unbinds one criterion; bound ids stay in the order the options list them. */
export function withBoundCriterion(options: readonly string[], bound: readonly string[], id: string, checked: boolean): string[] {
  return checked ? options.filter((o) => o === id || bound.includes(o)) : bound.filter((o) => o !== id);
}
