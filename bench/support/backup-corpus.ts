/**
 * A database of many briefs with a history, written straight into the app's tables with batched
 * INSERTs (one statement per table per batch), far faster than the service and in its format:
 *
 *  - version 1 of brief i is `smallBriefContent("brief i")` (goal, scope, 10 requirements, 8
 *    acceptance criteria, 20 QA rows, about 7.3 KiB stored; the rows attributed as `brief_create`
 *    attributes them);
 *  - each later version changes one section, as the service's writes do: two in three tick or
 *    untick a QA row (a new checklist blob, about 2.5–3.5 KiB, with checkedBy/checkedAt), one in
 *    three rewrites a requirement (a new requirements blob, about 2 KiB);
 *  - every blob is stored once under the SHA-256 of its exact JSON text, every version lists its
 *    sections' hashes, and the version and approval hashes are the canonical ones the service
 *    computes (lib/briefs/content-hash.ts), so the app reads these briefs as its own;
 *  - the brief row holds the last version, and BriefSearch its search document, built by the
 *    database's own brief_search_index as every write builds it.
 *
 * Deterministic text (seeded), so every run stores the same bytes apart from ids and times.
 */
import crypto from "node:crypto";
import canonicalize from "canonicalize";
import type pg from "pg";
import { canonicalHashOfSections } from "../../lib/briefs/content-hash";
import { uuid7 } from "../../lib/db/uuid7";
import { smallBriefContent } from "./brief-contents";
import { seededRandom } from "./seeded-random";

export type CorpusOptions = {
  briefs: number;
  versionsPerBrief: number;
  projectIds: string[];
  user: { id: string; label: string };
  /** Briefs per batch of statements. */
  batch?: number;
  onProgress?: (briefsWritten: number) => void;
};

export type CorpusStats = { briefs: number; versions: number; blobs: number; blobJsonBytes: number };

type Section = { key: string; json: string; hash: string; canonical: string; value: unknown };
type QaRow = { text: string; checked: boolean; addedBy?: string; checkedBy?: string; checkedAt?: string };

const WORDS = (
  "the a of to and or in for with by from as is be this that each every any no not brief version content section " +
  "requirement criterion checklist project owner editor agent token scope approval review state draft baseline " +
  "user customer manager engineer tester product team release store read write update create delete list page " +
  "must should may can when while after before unless because error conflict retry key receipt hash lock " +
  "transaction database server client request response limit size field value text label order time date audit " +
  "log metric alert dashboard mobile web browser screen button form dialog menu link upload download export report"
).split(" ");

function sentence(next: () => number, length: number, label: string): string {
  let text = `${label}:`;
  while (text.length < length) text += ` ${WORDS[Math.floor(next() * WORDS.length)]}`;
  return `${text.slice(0, length - 1)}.`;
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex");

function section(key: string, value: unknown): Section {
  const json = JSON.stringify(value);
  return { key, json, hash: sha256(json), canonical: canonicalize(value)!, value };
}

const EXCLUDED_FROM_CONTENT = new Set(["checklist"]);
const EXCLUDED_FROM_APPROVAL = new Set(["checklist", "testingQaChecklist", "_draft"]);
const hashes = (sections: Section[]) => ({
  hash: `sha256:${canonicalHashOfSections(sections.map((s) => [s.key, s.canonical]), EXCLUDED_FROM_CONTENT)}`,
  approvalHash: `sha256:${canonicalHashOfSections(sections.map((s) => [s.key, s.canonical]), EXCLUDED_FROM_APPROVAL)}`,
});

type Batch = {
  blobs: { hash: string[]; json: string[]; at: string[] };
  versions: { id: string[]; briefId: string[]; seq: number[]; versionNum: number[]; hash: string[]; approvalHash: string[]; sections: string[]; via: string[]; at: string[] };
  briefs: { id: string[]; projectId: string[]; title: string[]; state: string[]; versionNum: number[]; hash: string[]; approvalHash: string[]; createdAt: string[]; updatedAt: string[] };
  search: { id: string[]; title: string[]; content: string[] };
  blobBytes: number;
};

function emptyBatch(): Batch {
  return {
    blobs: { hash: [], json: [], at: [] },
    versions: { id: [], briefId: [], seq: [], versionNum: [], hash: [], approvalHash: [], sections: [], via: [], at: [] },
    briefs: { id: [], projectId: [], title: [], state: [], versionNum: [], hash: [], approvalHash: [], createdAt: [], updatedAt: [] },
    search: { id: [], title: [], content: [] },
    blobBytes: 0,
  };
}

/** Brief `n` and its whole history, added to `batch`. */
function addBrief(batch: Batch, n: number, options: CorpusOptions, startMs: number): void {
  const label = `brief ${n}`;
  const next = seededRandom(n * 2654435761 + 17);
  const base = smallBriefContent(label) as { testingQaChecklist: QaRow[] } & Record<string, unknown>;
  base.testingQaChecklist = base.testingQaChecklist.map((row) => ({ text: row.text, checked: false, addedBy: options.user.label }));
  let sections = Object.entries(base).map(([key, value]) => section(key, value));
  const briefId = uuid7(startMs);
  const title = `${sentence(next, 20 + Math.floor(next() * 40), `Brief ${n}`).slice(0, -1)}`;
  // Minutes apart, a few days of work on each brief.
  let at = startMs;
  for (let v = 1; v <= options.versionsPerBrief; v++) {
    let via = "brief_create";
    if (v > 1) {
      at += 60_000 + Math.floor(next() * 3_600_000);
      if (v % 3 === 0) {
        via = "brief_update";
        const requirements = [...(sections.find((s) => s.key === "requirements")!.value as string[])];
        requirements[Math.floor(next() * requirements.length)] = sentence(next, 150 + Math.floor(next() * 100), `${label} REQ v${v}`);
        sections = sections.map((s) => (s.key === "requirements" ? section("requirements", requirements) : s));
      } else {
        via = "brief_checklist_update";
        const rows = [...(sections.find((s) => s.key === "testingQaChecklist")!.value as QaRow[])];
        const index = Math.floor(next() * rows.length);
        const row = rows[index];
        rows[index] = row.checked
          ? { text: row.text, checked: false, addedBy: row.addedBy }
          : { text: row.text, checked: true, addedBy: row.addedBy, checkedBy: options.user.label, checkedAt: new Date(at).toISOString() };
        sections = sections.map((s) => (s.key === "testingQaChecklist" ? section("testingQaChecklist", rows) : s));
      }
    }
    const atIso = new Date(at).toISOString();
    const fresh = v === 1 ? sections : sections.filter((s) => s.key === (via === "brief_update" ? "requirements" : "testingQaChecklist"));
    for (const s of fresh) {
      batch.blobs.hash.push(s.hash);
      batch.blobs.json.push(s.json);
      batch.blobs.at.push(atIso);
      batch.blobBytes += s.json.length;
    }
    const { hash, approvalHash } = hashes(sections);
    const vs = batch.versions;
    vs.id.push(uuid7(at));
    vs.briefId.push(briefId);
    vs.seq.push(v);
    vs.versionNum.push(v);
    vs.hash.push(hash);
    vs.approvalHash.push(approvalHash);
    vs.sections.push(JSON.stringify(sections.map((s) => [s.key, s.hash])));
    vs.via.push(via);
    vs.at.push(atIso);
    if (v === options.versionsPerBrief) {
      const b = batch.briefs;
      b.id.push(briefId);
      b.projectId.push(options.projectIds[n % options.projectIds.length]);
      b.title.push(title);
      b.state.push(n % 4 === 0 ? "drafting" : n % 4 === 1 ? "in_review" : "in_development");
      b.versionNum.push(v);
      b.hash.push(hash);
      b.approvalHash.push(approvalHash);
      b.createdAt.push(new Date(startMs).toISOString());
      b.updatedAt.push(atIso);
      batch.search.id.push(briefId);
      batch.search.title.push(title);
      batch.search.content.push(`{${sections.map((s) => `${JSON.stringify(s.key)}:${s.json}`).join(",")}}`);
    }
  }
}

async function writeBatch(client: pg.Client, batch: Batch, user: CorpusOptions["user"]): Promise<void> {
  const { blobs, versions: v, briefs: b, search } = batch;
  await client.query("BEGIN");
  await client.query(
    `INSERT INTO "ContentBlob" (hash, json, "createdAt") SELECT * FROM unnest($1::text[], $2::text[], $3::timestamp[]) ON CONFLICT (hash) DO NOTHING`,
    [blobs.hash, blobs.json, blobs.at],
  );
  await client.query(
    `INSERT INTO "Brief" (id, "projectId", title, state, "versionNum", "currentVersionHash", "approvalHash", "itemSeq", "createdById", "createdAt", "updatedAt")
     SELECT id, p, t, s::"BriefState", n, h, a, n, $10, c, u FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::timestamp[], $9::timestamp[]) AS x(id, p, t, s, n, h, a, c, u)`,
    [b.id, b.projectId, b.title, b.state, b.versionNum, b.hash, b.approvalHash, b.createdAt, b.updatedAt, user.id],
  );
  await client.query(
    `INSERT INTO "BriefVersion" (id, "briefId", seq, "versionNum", hash, "approvalHash", sections, "createdBy", "createdById", via, "createdAt")
     SELECT id, b, s, n, h, a, sec::jsonb, $10, $11, via, at FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamp[]) AS x(id, b, s, n, h, a, sec, via, at)`,
    [v.id, v.briefId, v.seq, v.versionNum, v.hash, v.approvalHash, v.sections, v.via, v.at, user.label, user.id],
  );
  await client.query(
    `INSERT INTO "BriefSearch" ("briefId", document, "sectionKeys", "sectionStarts")
     SELECT x.id, i.document, i.section_keys, i.section_starts FROM unnest($1::text[], $2::text[], $3::text[]) AS x(id, t, c)
     CROSS JOIN LATERAL brief_search_index(x.t, x.c::jsonb) AS i`,
    [search.id, search.title, search.content],
  );
  await client.query("COMMIT");
}

/**
 * Writes the corpus over `connections` (each its own pg.Client on the database, two keep both of
 * a small machine's cores busy while this process builds the next batch). Triggers and foreign-key
 * checks are off on those connections (session_replication_role = replica): the rows are consistent
 * by construction, and bulk-loaded rows are not news to announce.
 */
export async function writeCorpus(connections: pg.Client[], options: CorpusOptions): Promise<CorpusStats> {
  const perBatch = options.batch ?? 100;
  for (const client of connections) await client.query("SET session_replication_role = replica");
  const stats: CorpusStats = { briefs: 0, versions: 0, blobs: 0, blobJsonBytes: 0 };
  // Briefs start a minute apart, ending about now.
  const firstMs = Date.now() - options.briefs * 60_000 - options.versionsPerBrief * 3_700_000;
  const idle = [...connections];
  const running = new Set<Promise<void>>();
  let written = 0;
  for (let first = 0; first < options.briefs; first += perBatch) {
    const batch = emptyBatch();
    for (let n = first; n < Math.min(options.briefs, first + perBatch); n++) addBrief(batch, n, options, firstMs + n * 60_000);
    stats.briefs += batch.briefs.id.length;
    stats.versions += batch.versions.id.length;
    stats.blobs += batch.blobs.hash.length;
    stats.blobJsonBytes += batch.blobBytes;
    while (!idle.length) await Promise.race(running);
    const client = idle.pop()!;
    const count = batch.briefs.id.length;
    const writing: Promise<void> = writeBatch(client, batch, options.user).then(() => {
      running.delete(writing);
      idle.push(client);
      written += count;
      options.onProgress?.(written);
    });
    running.add(writing);
  }
  await Promise.all(running);
  for (const client of connections) await client.query("RESET session_replication_role");
  return stats;
}
