import type { ErrorCode } from "@/lib/errors";
import type { ActionResult } from "./action-result";

/** The HTTP status of each contract error for the web's JSON routes; mapped here once. */
const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  CONTENT_TOO_LARGE: 413,
  // The same answer for "missing" and "not yours" (no existence oracle), and for a viewer's write.
  PROJECT_ACCESS_DENIED: 404,
  BRIEF_VERSION_CONFLICT: 409,
  BRIEF_STATE_CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  INVALID_CURSOR: 400,
  INTERNAL_ERROR: 500,
};

function httpStatusOf(result: ActionResult<unknown>): number {
  return result.ok ? 200 : statusByCode[result.error.code];
}

/** An action result as a JSON response with its status; never cached, it is someone's live data. */
export function actionResultResponse(result: ActionResult<unknown>): Response {
  return Response.json(result, { status: httpStatusOf(result), headers: { "Cache-Control": "no-store" } });
}
