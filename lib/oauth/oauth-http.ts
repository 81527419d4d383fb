import { readUtf8Body } from "@/lib/http/read-utf8-body";
import { OAuthError } from "./oauth-error";

const MAX_REQUEST_BYTES = 64 * 1024;

/**
 * HTTP details shared by the token, revocation and registration endpoints: bounded bodies, CORS
 * for browser-based clients (no cookies are involved, so any origin may call), and answers that
 * are never cached.
 */
const corsHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, Content-Type, MCP-Protocol-Version",
  "Access-Control-Max-Age": "86400",
};

const noStore = { "Cache-Control": "no-store", Pragma: "no-cache" };

export function preflightResponse(): Response {
  return new Response(null, { status: 204, headers: corsHeaders });
}

export function oauthJson(body: unknown, status = 200, extra: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...corsHeaders, ...noStore, ...extra } });
}

export function oauthErrorResponse(error: OAuthError): Response {
  const extra: Record<string, string> = {};
  if (error.status === 401) extra["WWW-Authenticate"] = 'Basic realm="briefs-oauth"';
  if (error.status === 429) extra["Retry-After"] = String(error.retryAfterSeconds ?? 60);
  return oauthJson(error.toJSON(), error.status, extra);
}

/** An `application/x-www-form-urlencoded` body, as the token and revocation endpoints take. */
export async function readForm(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new OAuthError("invalid_request", "The body must be application/x-www-form-urlencoded.");
  }
  const body = await readUtf8Body(request, MAX_REQUEST_BYTES);
  if (!body.ok) throw bodyProblem(body.problem);
  const form = new URLSearchParams(body.text);
  for (const name of new Set(form.keys())) {
    if (form.getAll(name).length > 1) throw new OAuthError("invalid_request", `The ${name} parameter is repeated.`);
  }
  return form;
}

export async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  if (type !== "application/json") throw new OAuthError("invalid_client_metadata", "The body must be application/json.");
  const body = await readUtf8Body(request, MAX_REQUEST_BYTES);
  if (!body.ok) throw bodyProblem(body.problem);
  try {
    return JSON.parse(body.text);
  } catch {
    throw new OAuthError("invalid_client_metadata", "The body is not valid JSON.");
  }
}

function bodyProblem(problem: "too_large" | "invalid_utf8"): OAuthError {
  return problem === "too_large"
    ? new OAuthError("invalid_request", `The body is larger than ${MAX_REQUEST_BYTES} bytes.`, 413)
    : new OAuthError("invalid_request", "The body is not valid UTF-8.");
}
