import type { Actor } from "@/lib/auth/actor";
import { getWebActor } from "@/lib/auth/session-gate";
import { isAppOrigin } from "@/lib/http/origin-guard";
import { toActionResult } from "@/lib/web/action-result";
import { actionResultResponse } from "@/lib/web/action-result-response";
import { forbiddenOriginResponse, signInRequiredResponse } from "@/lib/web/route-answers";
import { readMultipartForm } from "./read-multipart-form";

/**
 * The POST handler of a route under a brief that takes a file from the app's pages. A multipart
 * POST needs no CORS preflight, so only the app's own pages may send it (Origin); then a signed-in
 * person, then the body, bounded by `maxBytes` while it is read. `write` turns the form into one
 * service call; its result or refusal is answered as an action result.
 */
export function briefUploadRoute<T>(maxBytes: number, write: (actor: Actor, briefId: string, form: FormData) => Promise<T>) {
  return async function POST(request: Request, { params }: { params: Promise<{ briefId: string }> }) {
    if (!isAppOrigin(request.headers.get("origin"))) return forbiddenOriginResponse();
    const actor = await getWebActor();
    if (!actor) return signInRequiredResponse();
    const { briefId } = await params;
    const read = await readMultipartForm(request, maxBytes);
    if (!read.ok) return read.response;
    return actionResultResponse(await toActionResult(() => write(actor, briefId, read.form)));
  };
}
