import { getWebActor } from "@/lib/auth/session-gate";
import { updateChecklistItem } from "@/lib/briefs/update-checklist-item";
import { validationError } from "@/lib/errors";
import { readUtf8Body } from "@/lib/http/read-utf8-body";
import { isAllowedOrigin } from "@/lib/mcp/origin-guard";
import { MAX_BODY_BYTES } from "@/lib/mcp/http-answers";
import { toActionResult } from "@/lib/web/action-result";
import { actionResultResponse, signInRequiredResponse } from "@/lib/web/action-result-response";


/**
 * Ticks or unticks one QA row for the signed-in person: POST {index, expectedText, checked,
 * idempotencyKey} (ifVersionNum optional). The same service as the MCP tool brief_checklist_update.
 * Cookies ride along on cross-site requests, so a foreign Origin is refused, and only a JSON body
 * is read (a cross-site JSON POST needs a CORS preflight this route never grants).
 */
export async function POST(request: Request, { params }: { params: Promise<{ briefId: string }> }) {
  if (!isAllowedOrigin(request.headers.get("origin"))) {
    return Response.json({ ok: false, error: { code: "FORBIDDEN_ORIGIN", message: "This origin may not call the Briefs API." } }, { status: 403 });
  }
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
    return Response.json({ ok: false, error: { code: "UNSUPPORTED_MEDIA_TYPE", message: "Send a JSON body (Content-Type: application/json)." } }, { status: 415 });
  }
  const actor = await getWebActor();
  if (!actor) return signInRequiredResponse();
  const { briefId } = await params;
  // Bounded while reading: a huge body is refused without being buffered first.
  const read = await readUtf8Body(request, MAX_BODY_BYTES);
  if (!read.ok && read.problem === "too_large") {
    return Response.json({ ok: false, error: { code: "PAYLOAD_TOO_LARGE", message: "The request body must not exceed 1 MiB." } }, { status: 413 });
  }
  return actionResultResponse(
    await toActionResult(async () => {
      if (!read.ok) throw validationError([{ path: "", message: "The body is not valid UTF-8." }]);
      const body = parseObject(read.text);
      return (await updateChecklistItem(actor, { ...body, briefId } as Parameters<typeof updateChecklistItem>[1])).result;
    }),
  );
}

function parseObject(text: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw validationError([{ path: "", message: "The body is not valid JSON." }]);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw validationError([{ path: "", message: "The body must be a JSON object." }]);
  }
  return body as Record<string, unknown>;
}
