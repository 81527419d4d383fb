import canonicalize from "canonicalize";
import { mergeSequences, type ItemConflict } from "./sequence-merge";
import { sectionKind, type SectionKind } from "./section-kinds";

type Content = Record<string, unknown>;

/** One place where the brief and a proposal changed the same thing differently since the proposal's base. */
export type ProposalConflict = { section: string; item: string | null; base: unknown; current: unknown; proposed: unknown };

/** What a proposal's changes become when applied: the new value of each changed section, `null` to remove it. */
export type ProposalChanges = Record<string, unknown>;

function canonical(value: unknown): string | undefined {
  return value === undefined ? undefined : canonicalize(value);
}

function rowTexts(value: unknown, kind: SectionKind): string | undefined {
  return kind.merge === "byText" && kind.checklist && Array.isArray(value) ? JSON.stringify(value.map(kind.textOf)) : undefined;
}

/** Equal for merging: the same JSON, or for the QA checklist the same rows by text (ticks are not the proposal's). */
export function sameSection(key: string, a: unknown, b: unknown): boolean {
  const kind = sectionKind(key);
  const texts = rowTexts(a, kind);
  if (texts !== undefined && rowTexts(b, kind) !== undefined) return texts === rowTexts(b, kind);
  return canonical(a) === canonical(b);
}

/** A proposed value as the proposal holds it: `null` (remove) as absent. */
export function proposedValue(changes: ProposalChanges, key: string): unknown {
  return changes[key] === null ? undefined : changes[key];
}

/** The sections whose proposed value differs from the base, in the order the changes name them. */
export function changedSectionsOf(base: Content, changes: ProposalChanges): string[] {
  return Object.keys(changes).filter((key) => !sameSection(key, base[key], proposedValue(changes, key)));
}

/** The base with the changes applied: changed sections in place, new ones at the end, removed ones gone. */
export function applyChanges(base: Content, changes: ProposalChanges, sections: readonly string[] = Object.keys(changes)): Content {
  return replaceSections(base, new Map(sections.map((key) => [key, proposedValue(changes, key)])));
}

function replaceSections(content: Content, values: ReadonlyMap<string, unknown>): Content {
  const next: Content = {};
  const put = (key: string, value: unknown) => Object.defineProperty(next, key, { value, enumerable: true, writable: true, configurable: true });
  for (const [key, value] of Object.entries(content)) {
    if (!values.has(key)) put(key, value);
    else if (values.get(key) !== undefined) put(key, values.get(key));
  }
  for (const [key, value] of values) if (!Object.hasOwn(content, key) && value !== undefined) put(key, value);
  return next;
}

type SectionOutcome = { value: unknown; conflicts: ProposalConflict[] };

function whole(section: string, base: unknown, proposed: unknown, current: unknown): SectionOutcome {
  if (sameSection(section, current, base)) return { value: proposed, conflicts: [] };
  if (sameSection(section, current, proposed)) return { value: current, conflicts: [] };
  return { value: current, conflicts: [{ section, item: null, base: base ?? null, current: current ?? null, proposed: proposed ?? null }] };
}

function toConflicts<T>(section: string, conflicts: ItemConflict<T>[], itemName: (item: T) => string): ProposalConflict[] {
  return conflicts.map((c) => ({ section, item: itemName(c.base), base: c.base, current: c.current, proposed: c.proposed }));
}

function byText(section: string, kind: Extract<SectionKind, { merge: "byText" }>, base: unknown[], proposed: unknown[], current: unknown[]): SectionOutcome {
  // QA rows are the same row whatever their ticks; other items are merged by their whole value too.
  const sameValue = kind.checklist ? undefined : (a: unknown, b: unknown) => canonical(a) === canonical(b);
  const merged = mergeSequences(base, proposed, current, kind.textOf, true, sameValue);
  const value = kind.checklist ? withTicksKept(merged.items, current, kind.textOf) : merged.items.map((item) => item.value);
  return { value, conflicts: toConflicts(section, merged.conflicts, kind.textOf) };
}

/**
 * The merged QA rows: a row the brief has keeps its tick and attribution, also where the proposal
 * moved it (it arrives as the proposal's); a row only the proposal has arrives unticked. A reworded
 * row is a new check, and starts unticked.
 */
function withTicksKept(items: Array<{ value: unknown; from: "current" | "proposed" }>, current: unknown[], textOf: (item: unknown) => string): unknown[] {
  const unused = new Map<string, unknown[]>();
  for (const row of current) unused.set(textOf(row), [...(unused.get(textOf(row)) ?? []), row]);
  const take = (row: unknown) => {
    const same = unused.get(textOf(row));
    const index = same?.indexOf(row) ?? -1;
    if (index >= 0) same!.splice(index, 1);
  };
  for (const item of items) if (item.from === "current") take(item.value);
  return items.map(({ value, from }) => {
    if (from === "current") return value;
    const kept = unused.get(textOf(value))?.shift();
    return kept ?? { text: textOf(value), checked: false };
  });
}

type WithId = { id: string };

function idsOf(list: unknown[]): string[] | null {
  const ids = list.map((item) => (typeof item === "object" && item !== null && typeof (item as WithId).id === "string" ? (item as WithId).id : null));
  return ids.every((id) => id !== null) && new Set(ids).size === ids.length ? (ids as string[]) : null;
}

function byId(section: string, base: unknown[], proposed: unknown[], current: unknown[]): SectionOutcome {
  const [b, p, c] = [idsOf(base), idsOf(proposed), idsOf(current)];
  // Items without unique ids (legacy data) merge as a list of values instead.
  if (!b || !p || !c) return byText(section, { merge: "byText", textOf: (item) => JSON.stringify(item) }, base, proposed, current);
  const at = (list: unknown[], ids: string[]) => new Map(ids.map((id, i) => [id, list[i]]));
  const [bm, pm, cm] = [at(base, b), at(proposed, p), at(current, c)];
  const conflicts: ProposalConflict[] = [];
  const decided = new Map<string, unknown>();
  for (const id of new Set([...b, ...p, ...c])) {
    const [bv, pv, cv] = [canonical(bm.get(id)), canonical(pm.get(id)), canonical(cm.get(id))];
    if (pv === bv || cv === pv) decided.set(id, cm.get(id));
    else if (cv === bv) decided.set(id, pm.get(id));
    else {
      conflicts.push({ section, item: id, base: bm.get(id) ?? null, current: cm.get(id) ?? null, proposed: pm.get(id) ?? null });
      decided.set(id, cm.get(id));
    }
  }
  // The order: both sides' moves, insertions and removals merged over the ids; an id both placed is where the brief has it.
  const order = mergeSequences(b, p, c, (id) => id, false).items;
  const placed = new Map<string, "current" | "proposed">();
  for (const { value: id, from } of order) if (!placed.has(id) || from === "current") placed.set(id, from);
  const seen = new Set<string>();
  const ids = order.filter(({ value: id, from }) => placed.get(id) === from && !seen.has(id) && seen.add(id)).map(({ value }) => value);
  for (const id of decided.keys()) if (!seen.has(id)) ids.push(id);
  return { value: ids.filter((id) => decided.get(id) !== undefined).map((id) => decided.get(id)), conflicts };
}

/** The three-way merge of one section (docs/contract.md#merge-rules); `undefined` means absent. */
export function mergeSection(section: string, base: unknown, proposed: unknown, current: unknown): SectionOutcome {
  if (sameSection(section, proposed, base)) return { value: current, conflicts: [] };
  const kind = sectionKind(section);
  if (kind.merge !== "whole" && Array.isArray(proposed) && Array.isArray(current) && (base === undefined || Array.isArray(base))) {
    const baseList = (base as unknown[] | undefined) ?? [];
    return kind.merge === "byId" ? byId(section, baseList, proposed, current) : byText(section, kind, baseList, proposed, current);
  }
  return whole(section, base, proposed, current);
}

/**
 * The current content with the proposal's `sections` merged in, and every conflict. Sections the
 * merge leaves as they are keep their very objects, so storing the result re-serialises only what changed.
 */
export function mergeProposal(base: Content, changes: ProposalChanges, current: Content, sections: readonly string[]): { content: Content; conflicts: ProposalConflict[] } {
  const values = new Map<string, unknown>();
  const conflicts: ProposalConflict[] = [];
  for (const section of sections) {
    const outcome = mergeSection(section, base[section], proposedValue(changes, section), current[section]);
    conflicts.push(...outcome.conflicts);
    if (outcome.value !== current[section]) values.set(section, outcome.value);
  }
  return { content: values.size ? replaceSections(current, values) : current, conflicts };
}
