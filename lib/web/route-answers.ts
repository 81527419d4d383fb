import { REQUEST_BODY_MAX_BYTES } from "@/lib/contract/bounds";
import { DomainError, validationError } from "@/lib/errors";

/**
 * The web's JSON routes refuse a request before any service runs with the same closed set of
 * error codes as everything else (docs/contract.md#errors); the HTTP status carries the rest.
 */
function refuse(error: DomainError, status: number): Response {
  return Response.json({ ok: false, error: error.toJSON() }, { status, headers: { "Cache-Control": "no-store" } });
}

export function forbiddenOriginResponse(): Response {
  return refuse(new DomainError("PROJECT_ACCESS_DENIED", "This origin may not call the Briefs API."), 403);
}

export function unsupportedMediaTypeResponse(): Response {
  return refuse(validationError([{ path: "", message: "Send a JSON body (Content-Type: application/json)." }], "The body must be JSON."), 415);
}

export function bodyTooLargeResponse(size: number | null): Response {
  return refuse(
    new DomainError("CONTENT_TOO_LARGE", `The request body must not exceed ${REQUEST_BODY_MAX_BYTES} bytes.`, { ...(size !== null && { size }), limit: REQUEST_BODY_MAX_BYTES }),
    413,
  );
}

export function invalidUtf8Response(): Response {
  return refuse(validationError([{ path: "", message: "The body is not valid UTF-8." }], "The body is not valid UTF-8."), 400);
}

/** No session: the browser should sign in again (401 tells it so; the code stays in the closed set). */
export function signInRequiredResponse(): Response {
  return refuse(new DomainError("PROJECT_ACCESS_DENIED", "Your session has ended. Sign in again."), 401);
}
