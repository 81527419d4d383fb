import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { insertBriefItem } from "@/lib/briefs/brief-items";
import { toCollectionItem } from "@/lib/briefs/collection-item";
import { assertWritable } from "@/lib/briefs/lock-brief";
import { runLockedWrite } from "@/lib/briefs/run-brief-write";
import { recordFinding } from "@/lib/findings/record-finding";
import { resolveProvenFindings } from "@/lib/findings/resolve-proven-findings";
import { criteriaNamed } from "./check-criterion-ids";
import { criterionHash } from "./criterion-hash";
import { addEvidenceArgsSchema, type AddEvidenceResult, type StatusItem } from "./evidence-schema";
import { checkFile } from "./file-content";
import { storeEvidenceFile } from "./store-evidence-file";
import { withBase64 } from "./with-base64";

const TOOL = "brief_evidence_add";

type Input = z.input<typeof addEvidenceArgsSchema>;
/** The browser's door may hand over an upload's bytes instead of base64; the schema checks the type named. */
export type AddEvidenceInput = Omit<Input, "file"> & { file?: { name: string; mediaType: string } & ({ base64: string } | { bytes: Uint8Array }) };

/**
 * brief_evidence_add (docs/contract.md#evidence): records proof for acceptance criteria of the
 * current version, pinned to that version and to each criterion's hash. Failing evidence records a
 * finding; passing evidence resolves the open findings it proves. Owners and editors, exactly once
 * per key. A file is checked (size for the door, type from its bytes) before anything is locked,
 * and stored in the same transaction as the item.
 */
export async function addEvidence(actor: Actor, input: AddEvidenceInput, options: { maxFileBytes: number }) {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(addEvidenceArgsSchema, withBase64(input));
  const file = args.file && checkFile(args.file, options.maxFileBytes);
  // The receipt's fingerprint names the file by its hash, not by its bytes.
  const fingerprinted = { ...args, file: file && { name: file.name, mediaType: file.mediaType, sha256: file.sha256 } };
  return runLockedWrite<AddEvidenceResult>(actor, TOOL, fingerprinted, async (w) => {
    const { batch, brief, now } = w;
    assertWritable(brief);
    const criteria = criteriaNamed(brief.content, args.criterionIds);
    const stored = file && storeEvidenceFile(batch, file, { briefId: brief.row.id, createdById: actor.userId, now });
    const criterionHashes = Object.fromEntries(criteria.map((criterion) => [criterion.id, criterionHash(criterion)]));
    const data = {
      criterionIds: args.criterionIds,
      kind: args.kind,
      result: args.result,
      summary: args.summary,
      ...(args.url !== undefined && { url: args.url }),
      ...stored,
      versionNum: brief.row.versionNum,
      criterionHashes,
      createdBy: actor.label,
    };
    const row = insertBriefItem(batch, { briefId: brief.row.id, seq: brief.nextSeq(), collection: "artifacts", data, createdById: actor.userId, now, status: "evidence" });
    const evidence: StatusItem = { ...toCollectionItem(row), status: "evidence" };
    w.events.push({ type: "evidence.added", data: { evidenceId: row.id, result: args.result, kind: args.kind } });

    const findingsRecorded =
      args.result === "fail"
        ? [recordFinding(w, { source: "evidence", evidenceId: row.id, severity: "major", criterionIds: args.criterionIds, note: args.summary, ...stored })]
        : [];
    const findingsResolved = await resolveProvenFindings(w, { id: row.id, seq: row.seq, criterionIds: args.criterionIds, result: args.result, criterionHashes });
    batch.add(`UPDATE "Brief" SET "itemSeq" = $2, "updatedAt" = $3 WHERE id = $1`, [brief.row.id, brief.lastSeq(), now.toISOString()]);
    return { evidence, findingsRecorded, findingsResolved };
  });
}
