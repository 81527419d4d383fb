import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { assertWritable } from "@/lib/briefs/lock-brief";
import { runLockedWrite } from "@/lib/briefs/run-brief-write";
import { criteriaNamed } from "./check-criterion-ids";
import { addEvidenceArgsSchema, type AddEvidenceResult } from "./evidence-schema";
import { checkFile } from "./file-content";
import { reported } from "./provenance";
import { recordEvidence } from "./record-evidence";
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
    // Refused before the file goes into the batch; recordEvidence names them again for their hashes.
    criteriaNamed(brief.content, args.criterionIds);
    const stored = file && storeEvidenceFile(batch, file, { briefId: brief.row.id, createdById: actor.userId, now });
    // What a person or an agent adds is always reported: the argument schema has no provenance.
    const item = { criterionIds: args.criterionIds, kind: args.kind, result: args.result, summary: args.summary, ...(args.url !== undefined && { url: args.url }), stored, provenance: reported };
    const { evidence: [evidence], findingsRecorded, findingsResolved } = await recordEvidence(w, [item]);
    batch.add(`UPDATE "Brief" SET "itemSeq" = $2, "updatedAt" = $3 WHERE id = $1`, [brief.row.id, brief.lastSeq(), now.toISOString()]);
    return { evidence, findingsRecorded, findingsResolved };
  });
}
