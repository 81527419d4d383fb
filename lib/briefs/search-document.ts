import type { WriteBatch } from "@/lib/db/write-batch";
import type { BriefDocument } from "./brief-document";

/**
 * Keeps a brief's search document (the BriefSearch row, docs/contract.md#search) equal to its title
 * and current content. The database builds it (the SQL function brief_search_index of the
 * migration that added search), so the backfill, every write and the tests share one definition;
 * this module only decides when to rebuild it and hands the content over.
 */

/** Content keys that are not sections: never indexed (the SQL function skips them too). */
const UNINDEXED = new Set(["checklist", "_draft"]);
/** Of the QA rows only the text is indexed: ticking a row changes none of it. */
const CHECKLIST = "testingQaChecklist";

/**
 * Whether `next` may index differently from `previous`. A section with the same blob is the same
 * text; a changed QA list whose rows still have the same texts in the same order (a tick, an untick)
 * indexes the same. Any other change counts, so a `false` here is always right: the hot path, a
 * checklist toggle, then leaves the search row — and its GIN entries — alone.
 */
export function searchTextMayDiffer(previous: BriefDocument, next: BriefDocument): boolean {
  const before = new Map(previous.sections.map((s) => [s.key, s]));
  const after = new Map(next.sections.map((s) => [s.key, s]));
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(key);
    const is = after.get(key);
    if (UNINDEXED.has(key) || was?.hash === is?.hash) continue;
    if (key === CHECKLIST && was && is && sameRowTexts(was.facts.value, is.facts.value)) continue;
    return true;
  }
  return false;
}

function sameRowTexts(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((row, i) => isRow(row) && isRow(b[i]) && row.text === b[i].text);
}

function isRow(row: unknown): row is { text: string } {
  return typeof row === "object" && row !== null && typeof (row as { text?: unknown }).text === "string";
}

/**
 * Adds the upsert of the brief's search document to the write's batch (same transaction, same
 * statement as the version it describes). The content goes over as the sections' stored JSON texts,
 * so nothing is serialised again.
 */
export function writeSearchDocument(batch: WriteBatch, briefId: string, title: string, document: BriefDocument): void {
  batch.add(
    `INSERT INTO "BriefSearch" ("briefId", document, "sectionKeys", "sectionStarts")
     SELECT $1, i.document, i.section_keys, i.section_starts FROM brief_search_index($2, $3::jsonb) AS i
     ON CONFLICT ("briefId") DO UPDATE SET document = EXCLUDED.document, "sectionKeys" = EXCLUDED."sectionKeys", "sectionStarts" = EXCLUDED."sectionStarts"`,
    [briefId, title, contentJson(document)],
  );
}

function contentJson(document: BriefDocument): string {
  return `{${document.sections.map((s) => `${JSON.stringify(s.key)}:${s.facts.json}`).join(",")}}`;
}
