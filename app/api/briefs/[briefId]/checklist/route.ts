import { getWebActor } from "@/lib/auth/session-gate";
import { updateChecklistItem } from "@/lib/briefs/update-checklist-item";
import { REQUEST_BODY_MAX_BYTES } from "@/lib/contract/bounds";
import { validationError } from "@/lib/errors";
import { isAllowedOrigin } from "@/lib/http/origin-guard";
import { readUtf8Body } from "@/lib/http/read-utf8-body";
import { toActionResult } from "@/lib/web/action-result";
import { actionResultResponse } from "@/lib/web/action-result-response";
import {
  bodyTooLargeResponse,
  forbiddenOriginResponse,
  invalidUtf8Response,
  signInRequiredResponse,
  unsupportedMediaTypeResponse,
} from "@/lib/web/route-answers";

/**
 * Ticks or unticks one QA row for the signed-in person: POST {index, expectedText, checked,
 * idempotencyKey} (ifVersionNum optional). The same service as the MCP tool brief_checklist_update.
 * Cookies ride along on cross-site requests, so a foreign Origin is refused, and only a JSON body
 * is read (a cross-site JSON POST needs a CORS preflight this route never grants).
 */
export async function POST(request: Request, { params }: { params: Promise<{ briefId: string }> }) {
  if (!isAllowedOrigin(request.headers.get("origin"))) return forbiddenOriginResponse();
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) return unsupportedMediaTypeResponse();
  const actor = await getWebActor();
  if (!actor) return signInRequiredResponse();
  const { briefId } = await params;
  // Bounded while reading: a huge body is refused without being buffered first.
  const read = await readUtf8Body(request, REQUEST_BODY_MAX_BYTES);
  if (!read.ok) return read.problem === "too_large" ? bodyTooLargeResponse(null) : invalidUtf8Response();
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
