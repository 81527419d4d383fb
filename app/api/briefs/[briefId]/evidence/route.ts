import { fileField, FORM_OVERHEAD_BYTES, readMultipartForm, textField, textFields } from "@/app/_web/read-multipart-form";
import { getWebActor } from "@/lib/auth/session-gate";
import { EVIDENCE_FILE_MAX_BYTES_WEB } from "@/lib/contract/bounds";
import { addEvidence, type AddEvidenceInput } from "@/lib/evidence/add-evidence";
import { isAppOrigin } from "@/lib/http/origin-guard";
import { toActionResult } from "@/lib/web/action-result";
import { actionResultResponse } from "@/lib/web/action-result-response";
import { forbiddenOriginResponse, signInRequiredResponse } from "@/lib/web/route-answers";

/**
 * "Add evidence" on a criterion for the signed-in person: a multipart form with criterionIds, kind,
 * result, summary, idempotencyKey and either url or file (up to the browser's limit). The same
 * service as the MCP tool brief_evidence_add. A multipart POST needs no CORS preflight, so only
 * the app's own pages may send it (Origin), and the body is bounded while it is read.
 */
export async function POST(request: Request, { params }: { params: Promise<{ briefId: string }> }) {
  if (!isAppOrigin(request.headers.get("origin"))) return forbiddenOriginResponse();
  const actor = await getWebActor();
  if (!actor) return signInRequiredResponse();
  const { briefId } = await params;
  const read = await readMultipartForm(request, EVIDENCE_FILE_MAX_BYTES_WEB + FORM_OVERHEAD_BYTES);
  if (!read.ok) return read.response;
  const { form } = read;
  return actionResultResponse(
    await toActionResult(async () => {
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
    }),
  );
}
