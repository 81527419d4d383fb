import { insertBriefItem } from "@/lib/briefs/brief-items";
import { toCollectionItem } from "@/lib/briefs/collection-item";
import type { EvidenceWrite } from "@/lib/briefs/run-brief-write";
import { recordFinding } from "@/lib/findings/record-finding";
import { resolveProvenFindings } from "@/lib/findings/resolve-proven-findings";
import { criteriaNamed } from "./check-criterion-ids";
import { criterionHash } from "./criterion-hash";
import type { StatusItem, StoredFileRef } from "./evidence-schema";
import type { Provenance } from "./provenance";

/** One evidence item to record, its criteria already named by the caller. */
export type NewEvidence = {
  criterionIds: string[];
  kind: string;
  result: "pass" | "fail";
  summary: string;
  url?: string;
  /** A file stored in the same batch (store-evidence-file.ts). */
  stored?: { file: StoredFileRef; fileUrl: string };
  provenance: Provenance;
  /** A failing item's finding note, when it should say more than the summary. */
  findingNote?: string;
};

export type RecordedEvidence = { evidence: StatusItem[]; findingsRecorded: StatusItem[]; findingsResolved: string[] };

/**
 * Puts evidence items into a locked brief's write, in order, pinned to its version and to each
 * criterion's current hash: a failing item opens a finding, passing items resolve the open
 * findings they prove. The one way evidence is written — brief_evidence_add adds one item, a
 * verified test report all of a brief's items at once. The caller bumps the brief's item sequence.
 */
export async function recordEvidence(w: EvidenceWrite, items: readonly NewEvidence[]): Promise<RecordedEvidence> {
  const { batch, brief, now, actor, events } = w;
  const recorded: RecordedEvidence = { evidence: [], findingsRecorded: [], findingsResolved: [] };
  const proving = [];
  for (const item of items) {
    const criterionHashes = Object.fromEntries(criteriaNamed(brief.content, item.criterionIds).map((criterion) => [criterion.id, criterionHash(criterion)]));
    const data = {
      criterionIds: item.criterionIds,
      kind: item.kind,
      result: item.result,
      summary: item.summary,
      ...(item.url !== undefined && { url: item.url }),
      ...item.stored,
      versionNum: brief.row.versionNum,
      criterionHashes,
      createdBy: actor.label,
      provenance: item.provenance,
    };
    const row = insertBriefItem(batch, { briefId: brief.row.id, seq: brief.nextSeq(), collection: "artifacts", data, createdById: actor.userId, now, status: "evidence" });
    recorded.evidence.push({ ...toCollectionItem(row), status: "evidence" });
    events.push({ type: "evidence.added", data: { evidenceId: row.id, result: item.result, kind: item.kind } });
    if (item.result === "fail") {
      const note = item.findingNote ?? item.summary;
      recorded.findingsRecorded.push(recordFinding(w, { source: "evidence", evidenceId: row.id, severity: "major", criterionIds: item.criterionIds, note, ...item.stored }));
    }
    proving.push({ id: row.id, seq: row.seq, criterionIds: item.criterionIds, result: item.result, criterionHashes });
  }
  recorded.findingsResolved = await resolveProvenFindings(w, proving);
  return recorded;
}
