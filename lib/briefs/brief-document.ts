import crypto from "node:crypto";
import type { Sql } from "@/lib/db/sql";
import { canonicalHashOfSections } from "./content-hash";
import type { BriefContent } from "./schema";
import { cachedSection, sectionFacts, type SectionFacts } from "./section-cache";

/** A version's content: the ordered list of its sections' blob hashes (`[[key, blobHash], ...]`). */
export type SectionRef = [key: string, blobHash: string];

type Section = { key: string; hash: string; facts: SectionFacts };

/**
 * A brief's content together with what storing and hashing it needs: per section (in the content's
 * key order) the blob hash, exact JSON text and canonical text. The content hashes are composed from
 * the sections' canonical texts, so a write recomputes only the sections it changed.
 */
export type BriefDocument = { content: BriefContent; sections: Section[] };

function blobHash(json: string): string {
  return crypto.createHash("sha256").update(json).digest("hex");
}

/** The content a version names, reading only the blobs this process has not seen yet (one statement). */
export async function loadDocument(sql: Sql, refs: readonly SectionRef[]): Promise<BriefDocument> {
  const missing = [...new Set(refs.map(([, hash]) => hash).filter((hash) => cachedSection(hash) === undefined))];
  const fetched = new Map<string, string>();
  if (missing.length) {
    const rows = await sql.query<{ hash: string; json: string }>(`SELECT hash, json FROM "ContentBlob" WHERE hash = ANY($1::text[])`, [missing]);
    for (const row of rows) fetched.set(row.hash, row.json);
  }
  const content: Record<string, unknown> = {};
  const sections = refs.map(([key, hash]): Section => {
    const json = fetched.get(hash);
    const facts = json === undefined ? cachedSection(hash) : sectionFacts(hash, json);
    if (!facts) throw new Error(`content blob ${hash} of a stored version is missing`);
    // defineProperty keeps a key such as "__proto__" an ordinary own key, as it was sent.
    Object.defineProperty(content, key, { value: facts.value, enumerable: true, writable: true, configurable: true });
    return { key, hash, facts };
  });
  return { content: content as BriefContent, sections };
}

/**
 * The document of `content`. Sections whose value is the very object of `previous` are reused as
 * they are; the others are serialised once, and canonicalised only when no cached blob has that text.
 */
export function documentOf(content: BriefContent, previous?: BriefDocument): BriefDocument {
  const before = new Map(previous?.sections.map((s) => [s.key, s]));
  const sections = Object.entries(content).map(([key, value]): Section => {
    const same = before.get(key);
    if (same && same.facts.value === value) return same;
    const json = JSON.stringify(value);
    const hash = blobHash(json);
    return { key, hash, facts: sectionFacts(hash, json, value) };
  });
  return { content, sections };
}

export function refsOf(document: BriefDocument): SectionRef[] {
  return document.sections.map(({ key, hash }) => [key, hash]);
}

/** `currentVersionHash` (docs/contract.md#hashes): the canonical hash of the whole stored content. */
export function documentHash(document: BriefDocument): string {
  return `sha256:${canonicalHashOfSections(document.sections.map((s) => [s.key, s.facts.canonical]), CONTENT_EXCLUDED)}`;
}

/** The approval hash (docs/contract.md#approvals): the content without the QA checklist and `_draft`. */
export function documentApprovalHash(document: BriefDocument): string {
  return `sha256:${canonicalHashOfSections(document.sections.map((s) => [s.key, s.facts.canonical]), APPROVAL_EXCLUDED)}`;
}

const CONTENT_EXCLUDED = new Set(["checklist"]);
const APPROVAL_EXCLUDED = new Set(["checklist", "testingQaChecklist", "_draft"]);
