import type { Tx } from "@/lib/db/transaction";
import { uuid7 } from "@/lib/db/uuid7";
import type { WriteBatch } from "@/lib/db/write-batch";
import type { BriefVersion } from "@/lib/generated/prisma/client";
import { refsOf, type BriefDocument, type SectionRef } from "./brief-document";
import type { BriefContent } from "./schema";

/**
 * History stays cheap: each section's exact JSON text is stored once under its SHA-256, and a
 * version is the ordered list of its sections' hashes. Ticking one checklist row of a large brief
 * stores the checklist section again and nothing else. Exact text (not JSONB) keeps every
 * version's content byte-for-byte as it was written, key order included.
 */
type NewVersion = {
  briefId: string;
  seq: number;
  versionNum: number;
  hash: string;
  approvalHash: string;
  createdBy: string;
  createdById: string;
  via: string;
  /** The version whose content this one brings back (a restore). */
  restoredFrom?: number;
  /** The accepted proposal this version merged in, and its author (createdBy is who accepted it). */
  proposal?: { id: string; author: string };
  /** The file (or "Markdown") an imported version was read from. */
  source?: string;
  createdAt: Date;
};

/** Adds the version and the blobs of the sections `previous` (the version before it) does not have. */
export function storeVersion(batch: WriteBatch, version: NewVersion, document: BriefDocument, previous?: BriefDocument): void {
  const known = new Set(previous?.sections.map((s) => s.hash));
  const fresh = new Map<string, string>();
  for (const { hash, facts } of document.sections) if (!known.has(hash)) fresh.set(hash, facts.json);
  const at = version.createdAt.toISOString();
  storeBlobs(batch, fresh, version.createdAt);
  batch.add(
    `INSERT INTO "BriefVersion" (id, "briefId", seq, "versionNum", hash, "approvalHash", sections, "createdBy", "createdById", via, "restoredFrom", "proposalId", "proposedBy", source, "createdAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      uuid7(version.createdAt.getTime()),
      version.briefId,
      version.seq,
      version.versionNum,
      version.hash,
      version.approvalHash,
      JSON.stringify(refsOf(document)),
      version.createdBy,
      version.createdById,
      version.via,
      version.restoredFrom ?? null,
      version.proposal?.id ?? null,
      version.proposal?.author ?? null,
      version.source ?? null,
      at,
    ],
  );
}

/** Section blobs (hash → exact JSON text), each stored once whoever stored it first. */
export function storeBlobs(batch: WriteBatch, blobs: ReadonlyMap<string, string>, at: Date): void {
  if (!blobs.size) return;
  batch.add(
    `INSERT INTO "ContentBlob" (hash, json, "createdAt") SELECT h, j, $3::timestamp FROM unnest($1::text[], $2::text[]) AS t(h, j) ON CONFLICT (hash) DO NOTHING`,
    [[...blobs.keys()], [...blobs.values()], at.toISOString()],
  );
}

function sectionsOf(version: Pick<BriefVersion, "sections">): SectionRef[] {
  return version.sections as SectionRef[];
}

export async function loadVersionContent(tx: Tx, version: Pick<BriefVersion, "sections">): Promise<BriefContent> {
  const refs = sectionsOf(version);
  const blobs = await tx.contentBlob.findMany({ where: { hash: { in: refs.map(([, hash]) => hash) } } });
  const byHash = new Map(blobs.map((b) => [b.hash, b.json]));
  const content: Record<string, unknown> = {};
  for (const [key, hash] of refs) {
    const json = byHash.get(hash);
    if (json === undefined) throw new Error(`content blob ${hash} of a stored version is missing`);
    // defineProperty keeps a key such as "__proto__" an ordinary own key, as it was sent.
    Object.defineProperty(content, key, { value: JSON.parse(json), enumerable: true, writable: true, configurable: true });
  }
  return content as BriefContent;
}

/** The brief's current content, exactly as written: from its current version. */
export async function loadCurrentContent(tx: Tx, brief: { id: string; versionNum: number }): Promise<BriefContent> {
  const version = await tx.briefVersion.findUniqueOrThrow({
    where: { briefId_versionNum: { briefId: brief.id, versionNum: brief.versionNum } },
    select: { sections: true },
  });
  return loadVersionContent(tx, version);
}

/**
 * Which sections each of `versionNums` changed: the keys whose blob differs from the version
 * before it (a new or edited section), then the keys that version had and this one dropped. For
 * version 1, every section it was created with. Computed in the database from the two versions'
 * section lists — hashes only, never the blobs — so a page of history costs one small statement.
 */
export async function changedSectionsOf(tx: Tx, briefId: string, versionNums: readonly number[]): Promise<Map<number, string[]>> {
  if (versionNums.length === 0) return new Map();
  const rows = await tx.$queryRaw<Array<{ versionNum: number; keys: string[] }>>`
    SELECT v."versionNum",
           ARRAY(
             SELECT k FROM (
               SELECT cur.ref->>0 AS k, cur.n AS ord
                 FROM jsonb_array_elements(v.sections) WITH ORDINALITY AS cur(ref, n)
                WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p.sections) AS old(ref) WHERE old.ref = cur.ref)
               UNION ALL
               SELECT old.ref->>0, jsonb_array_length(v.sections) + old.n
                 FROM jsonb_array_elements(p.sections) WITH ORDINALITY AS old(ref, n)
                WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(v.sections) AS cur(ref) WHERE cur.ref->>0 = old.ref->>0)
             ) AS changed ORDER BY ord
           ) AS keys
      FROM "BriefVersion" v
      LEFT JOIN "BriefVersion" p ON p."briefId" = v."briefId" AND p."versionNum" = v."versionNum" - 1
     WHERE v."briefId" = ${briefId} AND v."versionNum" = ANY(${[...versionNums]}::int[])`;
  return new Map(rows.map((row) => [row.versionNum, row.keys]));
}
