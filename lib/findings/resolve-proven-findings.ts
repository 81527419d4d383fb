import type { EvidenceWrite } from "@/lib/briefs/run-brief-write";
import type { AcceptanceCriterion } from "@/lib/briefs/schema";
import { criterionHash } from "@/lib/evidence/criterion-hash";

/** Evidence as far as proving goes: what it covers, for which text, and in which order it came. */
export type ProvingEvidence = { id: string; seq: number; criterionIds: string[]; result: string; criterionHashes: Record<string, string> };

type OpenFinding = { id: string; seq: number; criterionIds: string[] };

const parsed = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

/**
 * Which open findings passing evidence resolves (docs/contract.md#findings): those that share a
 * criterion with it and each of whose criteria has, as its latest evidence for its current text, a
 * pass given after the finding was recorded. A finding that names no criterion waits for a person;
 * one naming a criterion the brief no longer has cannot be proven this way. Pure.
 */
export function findingsProvenBy(latest: ProvingEvidence, open: readonly OpenFinding[], evidence: readonly ProvingEvidence[], criteria: readonly AcceptanceCriterion[]): string[] {
  const hashes = new Map(criteria.map((criterion) => [criterion.id, criterionHash(criterion)]));
  const latestCurrent = new Map<string, ProvingEvidence>();
  for (const item of [...evidence].sort((a, b) => a.seq - b.seq)) {
    for (const id of item.criterionIds) if (hashes.has(id) && item.criterionHashes[id] === hashes.get(id)) latestCurrent.set(id, item);
  }
  return open
    .filter((finding) => finding.criterionIds.length > 0 && finding.criterionIds.some((id) => latest.criterionIds.includes(id)))
    .filter((finding) =>
      finding.criterionIds.every((id) => {
        const item = latestCurrent.get(id);
        return item !== undefined && item.result === "pass" && item.seq > finding.seq;
      }),
    )
    .map((finding) => finding.id);
}

/**
 * After evidence (`added`, already in the batch, in the order given): resolves the open findings
 * its passing items prove, one update per finding row, and returns their ids. Reads the brief's
 * open findings and evidence as of the lock, once however many items were added.
 */
export async function resolveProvenFindings({ sql, batch, brief, now, actor, events }: EvidenceWrite, added: readonly ProvingEvidence[]): Promise<string[]> {
  const passing = added.filter((item) => item.result === "pass");
  if (!passing.length) return [];
  const covered = new Set(passing.flatMap((item) => item.criterionIds));
  const open = (
    await sql.query<{ id: string; seq: number; criterionIds: unknown }>(
      `SELECT id, seq, data->'criterionIds' AS "criterionIds" FROM "BriefItem" WHERE "briefId" = $1 AND collection = 'findings' AND status = 'open' ORDER BY seq`,
      [brief.row.id],
    )
  ).map((row) => ({ id: row.id, seq: Number(row.seq), criterionIds: parsed<string[] | null>(row.criterionIds) ?? [] }));
  // Findings this write opened are in the batch, not yet in the table.
  if (!open.some((finding) => finding.criterionIds.some((id) => covered.has(id)))) return [];
  const earlier = (
    await sql.query<{ id: string; seq: number; criterionIds: unknown; result: string; criterionHashes: unknown }>(
      `SELECT id, seq, data->'criterionIds' AS "criterionIds", data->>'result' AS result, data->'criterionHashes' AS "criterionHashes"
         FROM "BriefItem" WHERE "briefId" = $1 AND collection = 'artifacts' AND status = 'evidence' ORDER BY seq`,
      [brief.row.id],
    )
  ).map((row) => ({ id: row.id, seq: Number(row.seq), criterionIds: parsed<string[]>(row.criterionIds), result: row.result, criterionHashes: parsed<Record<string, string>>(row.criterionHashes) }));
  const evidence = [...earlier, ...added];
  const resolution = (by: string) => JSON.stringify({ status: "resolved", resolvedBy: actor.label, resolvedAt: now.toISOString(), resolvedByEvidenceId: by });
  const resolved: string[] = [];
  for (const latest of passing) {
    const still = open.filter((finding) => !resolved.includes(finding.id));
    for (const id of findingsProvenBy(latest, still, evidence, brief.content.acceptanceCriteria ?? [])) {
      resolved.push(id);
      batch.add(`UPDATE "BriefItem" SET status = 'resolved', data = data || $2::jsonb WHERE id = $1`, [id, resolution(latest.id)]);
      events.push({ type: "finding.resolved", data: { findingId: id, byEvidenceId: latest.id } });
    }
  }
  return resolved;
}
