import canonicalize from "canonicalize";
import { sideEdits } from "@/lib/proposals/sequence-merge";
import { sectionKind } from "@/lib/proposals/section-kinds";

/** One row of a list section's item-level diff: an item kept, added, removed, or edited (with both texts). */
export type ListDiffRow = { op: "same" | "added" | "removed" | "edited"; before?: string; after?: string };

/** How an item reads in the diff: criteria and tickets with their id, rows, decisions and links by their text. */
export function itemText(item: unknown): string {
  if (typeof item === "string") return item;
  if (!item || typeof item !== "object") return JSON.stringify(item);
  const o = item as Record<string, unknown>;
  if (typeof o.id === "string" && typeof o.text === "string") return `[${o.id}] ${o.text}`;
  if (typeof o.id === "string" && typeof o.title === "string") return `[${o.id}] ${o.title}${typeof o.description === "string" && o.description ? ` — ${o.description}` : ""}`;
  if (typeof o.text === "string") return o.text;
  if (typeof o.label === "string") return o.label;
  return JSON.stringify(item);
}

/**
 * The item-level difference between a list section now and after accepting, aligned with the same
 * rules the merge uses: by id in lists with ids, by text otherwise (an item reworded in place is edited).
 */
export function diffList(section: string, before: readonly unknown[], after: readonly unknown[]): ListDiffRow[] {
  const kind = sectionKind(section);
  const byId = kind.merge === "byId" && [...before, ...after].every((item) => typeof (item as { id?: unknown } | null)?.id === "string");
  const keyOf = byId ? (item: unknown) => (item as { id: string }).id : kind.merge === "byText" ? kind.textOf : (item: unknown) => canonicalize(item) ?? "";
  const edits = sideEdits(before, after, keyOf, !byId);
  const rows: ListDiffRow[] = [];
  const inserted = (gap: number) => edits.inserts[gap].forEach((item) => rows.push({ op: "added", after: itemText(item) }));
  before.forEach((item, i) => {
    inserted(i);
    const fate = edits.fates[i];
    const text = itemText(item);
    if (fate.kind === "remove") rows.push({ op: "removed", before: text });
    else if (fate.kind === "edit" || canonicalize(fate.value) !== canonicalize(item)) {
      const next = itemText(fate.value);
      rows.push(next === text ? { op: "same", before: text } : { op: "edited", before: text, after: next });
    } else rows.push({ op: "same", before: text });
  });
  inserted(before.length);
  return rows;
}
