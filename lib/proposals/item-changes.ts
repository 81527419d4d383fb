import canonicalize from "canonicalize";
import { sideEdits } from "./sequence-merge";
import { sectionKind } from "./section-kinds";

/**
 * One thing a proposal changes: a whole section (no `id` or `text`), an item of a list with ids (by
 * `id`), or an item of any other list (by `text`, before an edit). Whatever is added or edited also
 * carries its new value, `to`, so a proposal reads completely without its base sections.
 */
export type ItemChange = { section: string; change: "added" | "removed" | "edited"; id?: string; text?: string; to?: unknown };

function idMap(list: unknown[]): Map<string, unknown> | null {
  const map = new Map<string, unknown>();
  for (const item of list) {
    const id = typeof item === "object" && item !== null ? (item as { id?: unknown }).id : undefined;
    if (typeof id !== "string" || map.has(id)) return null;
    map.set(id, item);
  }
  return map;
}

function byId(section: string, base: Map<string, unknown>, proposed: Map<string, unknown>): ItemChange[] {
  const changes: ItemChange[] = [];
  for (const [id, value] of base) {
    if (!proposed.has(id)) changes.push({ section, change: "removed", id });
    else if (canonicalize(value) !== canonicalize(proposed.get(id))) changes.push({ section, change: "edited", id, to: proposed.get(id) });
  }
  for (const [id, value] of proposed) if (!base.has(id)) changes.push({ section, change: "added", id, to: value });
  return changes;
}

function byText(section: string, textOf: (item: unknown) => string, base: unknown[], proposed: unknown[], wholeValue: boolean): ItemChange[] {
  const edits = sideEdits(base, proposed, textOf, true);
  const changes: ItemChange[] = [];
  edits.fates.forEach((fate, i) => {
    // A decision with the same text and another source is edited; a QA row is only its text.
    if (fate.kind === "keep" && wholeValue && canonicalize(fate.value) !== canonicalize(base[i])) changes.push({ section, change: "edited", text: textOf(base[i]), to: fate.value });
    if (fate.kind === "remove") changes.push({ section, change: "removed", text: textOf(base[i]) });
    if (fate.kind === "edit") changes.push({ section, change: "edited", text: textOf(base[i]), to: fate.value });
  });
  for (const inserted of edits.inserts.flat()) changes.push({ section, change: "added", text: textOf(inserted), to: inserted });
  return changes;
}

/** The item-level changes of one changed section, from its base value to its proposed one (`undefined`: absent). */
export function itemChangesOf(section: string, base: unknown, proposed: unknown): ItemChange[] {
  if (base === undefined) return [{ section, change: "added", to: proposed }];
  if (proposed === undefined) return [{ section, change: "removed" }];
  const kind = sectionKind(section);
  let changes: ItemChange[] = [];
  if (Array.isArray(base) && Array.isArray(proposed)) {
    const [b, p] = [idMap(base), idMap(proposed)];
    if (kind.merge === "byId" && b && p) changes = byId(section, b, p);
    else if (kind.merge !== "whole") changes = byText(section, kind.merge === "byText" ? kind.textOf : (item) => JSON.stringify(item), base, proposed, !(kind.merge === "byText" && kind.checklist));
  }
  // A section changed only in its order, or one that merges whole, is one edit of the section.
  return changes.length ? changes : [{ section, change: "edited", to: proposed }];
}

/** What a change touches, for finding open proposals that touch the same items (`overlapsWith`). */
export function touchedKey(change: ItemChange): string {
  if (change.id !== undefined) return `${change.section}\u0000id\u0000${change.id}`;
  if (change.text !== undefined) return `${change.section}\u0000text\u0000${change.text}`;
  return change.section;
}

/** Two proposals overlap when they touch the same item, or one changes a whole section the other touches. */
export function overlaps(a: readonly ItemChange[], b: readonly ItemChange[]): boolean {
  const keys = new Set(a.map(touchedKey));
  const wholeA = new Set(a.filter((c) => c.id === undefined && c.text === undefined).map((c) => c.section));
  const wholeB = new Set(b.filter((c) => c.id === undefined && c.text === undefined).map((c) => c.section));
  return b.some((c) => keys.has(touchedKey(c)) || wholeA.has(c.section) || (wholeB.has(c.section) && a.some((x) => x.section === c.section)));
}
