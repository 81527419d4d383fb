import { briefUploadRoute } from "@/app/_web/brief-upload-route";
import { fileField, FORM_OVERHEAD_BYTES, textField, textFields } from "@/app/_web/read-multipart-form";
import { EVIDENCE_FILE_MAX_BYTES_WEB } from "@/lib/contract/bounds";
import { failChecklistRow, type FailChecklistRowInput } from "@/lib/findings/fail-checklist-row";

/**
 * "Mark failed" on a QA row for the signed-in person: a multipart form with index, expectedText,
 * note, severity, criterionIds (any number), idempotencyKey and optionally a screenshot file (up to
 * the browser's limit). Only the app's own pages may send it, and the body is bounded while it is
 * read, as for evidence (briefUploadRoute).
 */
export const POST = briefUploadRoute(EVIDENCE_FILE_MAX_BYTES_WEB + FORM_OVERHEAD_BYTES, async (actor, briefId, form) => {
  const index = textField(form, "index");
  const severity = textField(form, "severity");
  const file = await fileField(form, "file");
  const input = {
    briefId,
    // A row's position as a number when it is one; anything else goes on for the schema to refuse.
    index: index !== undefined && /^\d{1,10}$/.test(index) ? Number(index) : index,
    expectedText: textField(form, "expectedText"),
    note: textField(form, "note"),
    ...(severity && { severity }),
    criterionIds: textFields(form, "criterionIds"),
    ...(file && { file }),
    idempotencyKey: textField(form, "idempotencyKey"),
  };
  return (await failChecklistRow(actor, input as FailChecklistRowInput, { maxFileBytes: EVIDENCE_FILE_MAX_BYTES_WEB })).result;
});
