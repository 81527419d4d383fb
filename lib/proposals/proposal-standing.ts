import type { Sql } from "@/lib/db/sql";
import type { SectionRef } from "@/lib/briefs/brief-document";
import { cachedSection, sectionFacts } from "@/lib/briefs/section-cache";
import { overlaps, type ItemChange } from "./item-changes";
import { mergeSection, proposedValue, type ProposalChanges, type ProposalConflict } from "./merge-proposal";
import { loadProposedSections, type ChangeRefs } from "./proposed-sections";
import { isOpenShaped, storedProposal, type ProposalRow, type ProposalStanding } from "./proposal-item";

type Content = Record<string, unknown>;

function parsed<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/**
 * Where each open proposal of `rows` stands against the brief's current version (docs/contract.md#proposals).
 * Cheap by construction: a changed section whose blob is the same in the proposal's base and in the
 * current version cannot conflict, so only sections the brief changed since that base are read and
 * merged; the base versions are read as their section lists (hashes), in one statement.
 */
export async function standingOf(
  sql: Sql,
  brief: { id: string; versionNum: number },
  current: Content,
  rows: readonly ProposalRow[],
  /** A proposal being written, whose sections are not stored yet: its proposed values. */
  fresh?: { id: string; changes: ProposalChanges },
): Promise<Map<string, ProposalStanding>> {
  const open = rows.filter(isOpenShaped).map((row) => ({ row, stored: storedProposal(row) }));
  const standing = new Map<string, ProposalStanding>();
  if (!open.length) return standing;

  const versionNums = [...new Set([brief.versionNum, ...open.map((p) => p.stored.baseVersionNum)])];
  const versions = await sql.query<{ versionNum: number; sections: unknown }>(
    `SELECT "versionNum", sections FROM "BriefVersion" WHERE "briefId" = $1 AND "versionNum" = ANY($2::int[])`,
    [brief.id, versionNums],
  );
  const refs = new Map(versions.map((v) => [v.versionNum, new Map(parsed<SectionRef[]>(v.sections))]));
  const currentRefs = refs.get(brief.versionNum) ?? new Map<string, string>();

  // The base value of every section the brief changed since a proposal's base.
  const baseValues = new Map<string, unknown>();
  const wanted = new Set<string>();
  for (const { stored } of open) {
    const baseRefs = refs.get(stored.baseVersionNum);
    for (const section of stored.changedSections) {
      const hash = baseRefs?.get(section);
      if (hash === undefined || hash === currentRefs.get(section) || baseValues.has(hash)) continue;
      const cached = cachedSection(hash);
      if (cached) baseValues.set(hash, cached.value);
      else wanted.add(hash);
    }
  }
  if (wanted.size) {
    const blobs = await sql.query<{ hash: string; json: string }>(`SELECT hash, json FROM "ContentBlob" WHERE hash = ANY($1::text[])`, [[...wanted]]);
    for (const blob of blobs) baseValues.set(blob.hash, sectionFacts(blob.hash, blob.json).value);
  }

  // The proposed values, only of the sections the brief moved under.
  const movedRefs: ChangeRefs = [];
  const proposedKey = (id: string, section: string) => `${id}\u0000${section}`;
  for (const { row, stored } of open) {
    if (row.id === fresh?.id) continue;
    const baseRefs = refs.get(stored.baseVersionNum);
    for (const [section, hash] of stored.changeRefs) if (baseRefs?.get(section) !== currentRefs.get(section)) movedRefs.push([proposedKey(row.id, section), hash]);
  }
  const proposed = movedRefs.length ? await loadProposedSections(sql, movedRefs) : {};
  const proposedOf = (id: string, section: string) => (id === fresh?.id ? proposedValue(fresh.changes, section) : proposedValue(proposed, proposedKey(id, section)));

  const others = await openItemChanges(sql, brief.id);
  for (const { row, stored } of open) {
    const baseRefs = refs.get(stored.baseVersionNum);
    const conflicts: ProposalConflict[] = [];
    for (const section of stored.changedSections) {
      const hash = baseRefs?.get(section);
      if (hash === currentRefs.get(section)) continue;
      const base = hash === undefined ? undefined : baseValues.get(hash);
      conflicts.push(...mergeSection(section, base, proposedOf(row.id, section), current[section]).conflicts);
    }
    const overlapsWith = others.filter((o) => o.id !== row.id && overlaps(stored.itemChanges, o.itemChanges)).map((o) => o.id);
    standing.set(row.id, { mergeable: conflicts.length === 0, conflicts, overlapsWith });
  }
  return standing;
}

/** The item changes of every open proposal of the brief, newest first. */
async function openItemChanges(sql: Sql, briefId: string): Promise<Array<{ id: string; itemChanges: ItemChange[] }>> {
  const rows = await sql.query<{ id: string; itemChanges: unknown }>(
    `SELECT id, data->'itemChanges' AS "itemChanges" FROM "BriefItem"
      WHERE "briefId" = $1 AND collection = 'proposals' AND status = 'open' AND NOT legacy ORDER BY seq DESC`,
    [briefId],
  );
  return rows.map((r) => ({ id: r.id, itemChanges: parsed<ItemChange[]>(r.itemChanges) ?? [] }));
}
