import type { Sql } from "@/lib/db/sql";
import type { WriteBatch } from "@/lib/db/write-batch";
import { documentOf } from "@/lib/briefs/brief-document";
import { cachedSection, sectionFacts } from "@/lib/briefs/section-cache";
import { storeBlobs } from "@/lib/briefs/version-store";
import type { BriefContent } from "@/lib/briefs/schema";
import type { ProposalChanges } from "./merge-proposal";

/** A proposal's sections by reference: each changed key with the blob of its new value, or null to remove it. */
export type ChangeRefs = Array<[key: string, blobHash: string | null]>;

/**
 * Proposed sections are stored as versions store theirs (lib/briefs/version-store.ts): once per exact
 * JSON text, under its SHA-256, in ContentBlob. A proposal row stays small however large the sections
 * it changes, many proposals of one text share its blob, and reading their standing parses each blob
 * once per process (the section cache), not once per read.
 */
export function storeProposedSections(batch: WriteBatch, changes: ProposalChanges, now: Date): ChangeRefs {
  const present = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== null)) as BriefContent;
  const hashes = new Map(documentOf(present).sections.map((s) => [s.key, s]));
  storeBlobs(batch, new Map([...hashes.values()].map((s) => [s.hash, s.facts.json])), now);
  return Object.keys(changes).map((key) => [key, hashes.get(key)?.hash ?? null]);
}

/** The proposed values of `refs` (all of them, or only `keys`), from the section cache or one read of the missing blobs. */
export async function loadProposedSections(sql: Sql, refs: ChangeRefs, keys?: ReadonlySet<string>): Promise<ProposalChanges> {
  const wanted = refs.filter(([key]) => !keys || keys.has(key));
  // Taken out of the cache first: reading the missing blobs into it may push others out.
  const values = new Map<string, unknown>();
  const missing: string[] = [];
  for (const hash of new Set(wanted.map(([, hash]) => hash))) {
    if (hash === null) continue;
    const cached = cachedSection(hash);
    if (cached) values.set(hash, cached.value);
    else missing.push(hash);
  }
  if (missing.length) {
    for (const blob of await sql.query<{ hash: string; json: string }>(`SELECT hash, json FROM "ContentBlob" WHERE hash = ANY($1::text[])`, [missing])) {
      values.set(blob.hash, sectionFacts(blob.hash, blob.json).value);
    }
  }
  const changes: ProposalChanges = {};
  for (const [key, hash] of wanted) {
    const value = hash === null ? null : values.get(hash);
    if (value === undefined) throw new Error(`the proposed section blob ${hash} is missing`);
    Object.defineProperty(changes, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return changes;
}
