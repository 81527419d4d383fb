import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { commitContent } from "@/lib/briefs/commit-content";
import { findChecklistRow } from "@/lib/briefs/find-checklist-row";
import { assertWritable } from "@/lib/briefs/lock-brief";
import { toggleChecklistItem } from "@/lib/briefs/reconcile-checklist";
import { runLockedWrite } from "@/lib/briefs/run-brief-write";
import { via } from "@/lib/briefs/via";
import { criteriaNamed } from "@/lib/evidence/check-criterion-ids";
import type { StatusItem } from "@/lib/evidence/evidence-schema";
import { checkFile } from "@/lib/evidence/file-content";
import { storeEvidenceFile } from "@/lib/evidence/store-evidence-file";
import { withBase64 } from "@/lib/evidence/with-base64";
import { failChecklistRowArgsSchema } from "./finding-schema";
import { recordFinding } from "./record-finding";

const TOOL = "brief_checklist_fail";

type Input = z.input<typeof failChecklistRowArgsSchema>;
/** The browser's door may hand over an upload's bytes instead of base64; the schema checks the type named. */
export type FailChecklistRowInput = Omit<Input, "file"> & { file?: { name: string; mediaType: string } & ({ base64: string } | { bytes: Uint8Array }) };

/**
 * QA marks a checklist row failed (docs/contract.md#findings): an open finding that records the row,
 * with a note, a severity, the criteria it affects and optionally a screenshot. The row is found as
 * brief_checklist_update finds it (index, then expectedText, with the same conflicts). A failed row
 * reads unchecked: a checked one is unticked in the same write, exactly as a toggle does it — a new
 * version, and a checked brief goes back to in_development. Owners and editors, exactly once per key.
 */
export async function failChecklistRow(actor: Actor, input: FailChecklistRowInput, options: { maxFileBytes: number }) {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(failChecklistRowArgsSchema, withBase64(input));
  const file = args.file && checkFile(args.file, options.maxFileBytes);
  const fingerprinted = { ...args, file: file && { name: file.name, mediaType: file.mediaType, sha256: file.sha256 } };
  return runLockedWrite<{ finding: StatusItem; versionNum: number; unchecked: boolean }>(actor, TOOL, fingerprinted, async (w) => {
    const { batch, brief, now } = w;
    assertWritable(brief);
    const { items, row } = findChecklistRow(brief, args.index, args.expectedText);
    criteriaNamed(brief.content, args.criterionIds ?? []);
    // Taken before the untick's version, whose write records the brief's item sequence.
    const seq = brief.nextSeq();
    const stored = file && storeEvidenceFile(batch, file, { briefId: brief.row.id, createdById: actor.userId, now });
    const untick = row.checked
      ? await commitContent(w, { ...brief.content, testingQaChecklist: toggleChecklistItem(items, args.index, false, actor.label, now) }, { via: via(actor, TOOL), approvalUnchanged: true, tick: { index: args.index, checked: false } })
      : undefined;
    const finding = recordFinding(
      w,
      { source: "checklist", row: { index: args.index, text: row.text }, severity: args.severity ?? "major", criterionIds: args.criterionIds ?? [], note: args.note, ...stored },
      seq,
    );
    if (!untick?.createdNewVersion) {
      batch.add(`UPDATE "Brief" SET "itemSeq" = $2, "updatedAt" = $3 WHERE id = $1`, [brief.row.id, brief.lastSeq(), now.toISOString()]);
    }
    return { finding, versionNum: brief.row.versionNum, unchecked: untick?.createdNewVersion ?? false };
  });
}
