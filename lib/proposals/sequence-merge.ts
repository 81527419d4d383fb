/**
 * Three-way merge of one list, item by item (docs/contract.md#merge-rules). Each side is aligned
 * with the base by the longest common subsequence of the items' keys; what lies between two
 * aligned items is a hunk. Within a hunk, when `pairEdits` is set, the n-th base item that left and
 * the n-th item that arrived are the same item edited (a string reworded); the rest left or arrived.
 * Lists are at most 50 items, so the quadratic alignment costs nothing worth measuring.
 */

export type Fate<T> = { kind: "keep"; value: T } | { kind: "edit"; value: T } | { kind: "remove" };

/** What one side did to the base: a fate per base item, and the items it put before each base item (index n: at the end). */
export type SideEdits<T> = { fates: Fate<T>[]; inserts: T[][] };

export type ItemConflict<T> = { base: T; current: T | null; proposed: T | null };

/** The pairs (i, j) of a longest common subsequence of `a` and `b`, in order. */
export function alignedPairs(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const n = a.length;
  const m = b.length;
  // lengths[i][j]: LCS of a[i..] and b[j..].
  const lengths = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i][j] = a[i] === b[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
    }
  }
  const pairs: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (lengths[i + 1][j] >= lengths[i][j + 1]) i++;
    else j++;
  }
  return pairs;
}

export function sideEdits<T>(base: readonly T[], side: readonly T[], keyOf: (item: T) => string, pairEdits: boolean): SideEdits<T> {
  const pairs = alignedPairs(base.map(keyOf), side.map(keyOf));
  const fates: Fate<T>[] = new Array(base.length);
  const inserts: T[][] = Array.from({ length: base.length + 1 }, () => []);
  let i = 0;
  let j = 0;
  for (const [bi, sj] of [...pairs, [base.length, side.length] as [number, number]]) {
    const left = bi - i;
    const arrived = side.slice(j, sj);
    const paired = pairEdits ? Math.min(left, arrived.length) : 0;
    for (let k = 0; k < left; k++) fates[i + k] = k < paired ? { kind: "edit", value: arrived[k] } : { kind: "remove" };
    inserts[bi].push(...arrived.slice(paired));
    if (bi < base.length) fates[bi] = { kind: "keep", value: side[sj] };
    i = bi + 1;
    j = sj + 1;
  }
  return { fates, inserts };
}

type Merged<T> = { items: Array<{ value: T; from: "current" | "proposed" }>; conflicts: ItemConflict<T>[] };

/**
 * Merges the proposal's edits into the current list. A base item edited on one side and left alone
 * on the other takes the edit; removed on one side and edited on the other, or edited differently on
 * both, is a conflict. An item both sides inserted appears once, where the brief has it. With
 * `sameValue`, an item both sides kept by its key (a decision's text) is also merged by its whole
 * value (its source), three ways; without it, the brief's value stands (the checklist's ticks).
 */
export function mergeSequences<T>(
  base: readonly T[],
  proposed: readonly T[],
  current: readonly T[],
  keyOf: (item: T) => string,
  pairEdits: boolean,
  sameValue?: (a: T, b: T) => boolean,
): Merged<T> {
  const mine = sideEdits(base, proposed, keyOf, pairEdits);
  const theirs = sideEdits(base, current, keyOf, pairEdits);
  const items: Merged<T>["items"] = [];
  const conflicts: ItemConflict<T>[] = [];
  // What the brief inserted anywhere: the proposal inserting the same item adds no second copy.
  const theirInserted = new Map<string, number>();
  for (const value of theirs.inserts.flat()) theirInserted.set(keyOf(value), (theirInserted.get(keyOf(value)) ?? 0) + 1);
  for (let g = 0; g <= base.length; g++) {
    for (const value of theirs.inserts[g]) items.push({ value, from: "current" });
    for (const value of mine.inserts[g]) {
      const left = theirInserted.get(keyOf(value)) ?? 0;
      if (left > 0) theirInserted.set(keyOf(value), left - 1);
      else items.push({ value, from: "proposed" });
    }
    if (g === base.length) break;
    const p = mine.fates[g];
    const c = theirs.fates[g];
    if (p.kind === "keep" && c.kind === "keep" && sameValue && !sameValue(p.value, base[g])) {
      // Kept by key on both sides, but the proposal changed the rest of the item.
      if (sameValue(c.value, base[g]) || sameValue(c.value, p.value)) items.push({ value: p.value, from: "proposed" });
      else {
        conflicts.push({ base: base[g], current: c.value, proposed: p.value });
        items.push({ value: c.value, from: "current" });
      }
    } else if (p.kind === "keep") {
      if (c.kind !== "remove") items.push({ value: c.value, from: "current" });
    } else if (c.kind === "keep") {
      if (p.kind === "edit") items.push({ value: p.value, from: "proposed" });
    } else if (p.kind === "edit" && c.kind === "edit" && keyOf(p.value) === keyOf(c.value)) {
      items.push({ value: c.value, from: "current" });
    } else if (p.kind !== "remove" || c.kind !== "remove") {
      conflicts.push({ base: base[g], current: c.kind === "remove" ? null : c.value, proposed: p.kind === "remove" ? null : p.value });
    }
  }
  return { items, conflicts };
}
