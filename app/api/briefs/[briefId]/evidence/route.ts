import { briefUploadRoute } from "@/app/_web/brief-upload-route";
import { fileField, FORM_OVERHEAD_BYTES, textField, textFields } from "@/app/_web/read-multipart-form";
import { EVIDENCE_FILE_MAX_BYTES_WEB } from "@/lib/contract/bounds";
import { addEvidence, type AddEvidenceInput } from "@/lib/evidence/add-evidence";

/**
 * "Add evidence" on a criterion for the signed-in person: a multipart form with criterionIds, kind,
 * result, summary, idempotencyKey and either url or file (up to the browser's limit). The same
 * service as the MCP tool brief_evidence_add. Only the app's own pages may send it, and the body is
 * bounded while it is read (briefUploadRoute).
 */
export const POST = briefUploadRoute(EVIDENCE_FILE_MAX_BYTES_WEB + FORM_OVERHEAD_BYTES, async (actor, briefId, form) => {
  const url = textField(form, "url");
  const file = await fileField(form, "file");
  const input = {
    briefId,
    criterionIds: textFields(form, "criterionIds"),
    kind: textField(form, "kind"),
    result: textField(form, "result"),
    summary: textField(form, "summary"),
    ...(url && { url }),
    ...(file && { file }),
    idempotencyKey: textField(form, "idempotencyKey"),
  };
  // The fields arrive untrusted; the service parses them with the contract's schema.
  return (await addEvidence(actor, input as AddEvidenceInput, { maxFileBytes: EVIDENCE_FILE_MAX_BYTES_WEB })).result;
});
