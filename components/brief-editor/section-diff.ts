import type { BriefContent } from "@/lib/briefs/schema";
import { CHECKLIST_MIRROR_KEY, isSectionKey, sectionDef, sectionKeys, sectionLabel } from "./sections";

/**
 * Section-by-section comparison of two brief contents, for the conflict view, the "changed
 * elsewhere" review and the version view. Each section becomes lines (a text's lines, or one line
 * per item) and the lines are compared with a longest-common-subsequence diff.
 */
type DiffLine = { op: "same" | "add" | "del"; text: string };
export type SectionChange = { key: string; label: string; status: "added" | "removed" | "changed"; lines: DiffLine[] };

type Json = Record<string, unknown>;

export function diffContents(before: BriefContent, after: BriefContent): SectionChange[] {
  const keys = orderedKeys(before, after);
  const changes: SectionChange[] = [];
  for (const key of keys) {
    const a = before[key];
    const b = after[key];
    if (stableJson(a) === stableJson(b)) continue;
    const status = a === undefined ? "added" : b === undefined ? "removed" : "changed";
    changes.push({ key, label: sectionLabel(key), status, lines: diffLines(linesOf(key, a), linesOf(key, b)) });
  }
  return changes;
}

/** Known sections in the order of docs/contract.md#content-sections, then the other keys as they first appear; never the mirror. */
function orderedKeys(before: Json, after: Json): string[] {
  const present = new Set([...Object.keys(before), ...Object.keys(after)]);
  present.delete(CHECKLIST_MIRROR_KEY);
  const known = sectionKeys.filter((key) => present.has(key));
  const others = [...present].filter((key) => !isSectionKey(key));
  return [...known, ...others];
}

/** JSON with sorted object keys, so that key order alone is never a change. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Json).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : inner,
  ) ?? "undefined";
}

function linesOf(key: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (typeof value === "string") return value === "" ? ["(empty)"] : value.split("\n");
  if (!Array.isArray(value)) return JSON.stringify(value, null, 2).split("\n");
  if (value.length === 0) return ["(none)"];
  const kind = isSectionKey(key) ? sectionDef(key).kind : null;
  return value.map((item) => itemLine(kind, item));
}

function itemLine(kind: string | null, item: unknown): string {
  if (typeof item === "string") return item;
  if (!item || typeof item !== "object") return JSON.stringify(item);
  const o = item as Json;
  switch (kind) {
    case "criteria": {
      const evidence = o.manualEvidence as { rationale?: string; evidencePath?: string } | undefined;
      const impl = o.implementation === false ? " · no implementation" : "";
      const manual = evidence ? ` · evidence: ${evidence.rationale ?? ""} (${evidence.evidencePath ?? ""})` : "";
      return `[${String(o.id)}] ${String(o.text)}${impl}${manual}`;
    }
    case "checklist": {
      const by = o.checked && o.checkedBy ? ` — checked by ${String(o.checkedBy)}` : "";
      return `${o.checked ? "☑" : "☐"} ${String(o.text)}${by}`;
    }
    case "tickets": {
      const criteria = Array.isArray(o.boundCriteria) && o.boundCriteria.length ? ` · criteria: ${o.boundCriteria.join(", ")}` : "";
      const reqs = Array.isArray(o.boundRequirements) && o.boundRequirements.length ? ` · requirements: ${o.boundRequirements.join(", ")}` : "";
      const description = typeof o.description === "string" && o.description ? ` — ${o.description.replace(/\s+/g, " ")}` : "";
      return `[${String(o.id)}] ${String(o.title)}${description}${criteria}${reqs}`;
    }
    case "decisions": {
      const how = o.stated === true ? " (stated)" : o.stated === false ? " (inferred)" : "";
      const source = o.source ? ` — source: ${String(o.source)}` : "";
      return `${String(o.text)}${how}${source}`;
    }
    case "links": {
      const kindText = o.kind ? ` [${String(o.kind)}]` : "";
      const read = o.read === true ? " (read)" : o.read === false ? " (not read)" : "";
      return `${String(o.label)}${kindText}${read}`;
    }
    default:
      return stableJson(item);
  }
}

const MAX_CELLS = 250_000;

/** Longest-common-subsequence line diff; very long inputs fall back to "all removed, all added". */
function diffLines(a: readonly string[], b: readonly string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_CELLS) {
    return [...a.map((text) => ({ op: "del" as const, text })), ...b.map((text) => ({ op: "add" as const, text }))];
  }
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: "same", text: a[i] });
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
      out.push({ op: "del", text: a[i++] });
    } else {
      out.push({ op: "add", text: b[j++] });
    }
  }
  while (i < n) out.push({ op: "del", text: a[i++] });
  while (j < m) out.push({ op: "add", text: b[j++] });
  return out;
}
