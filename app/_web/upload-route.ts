import type { Actor } from "@/lib/auth/actor";
import { getWebActor } from "@/lib/auth/session-gate";
import { isAppOrigin } from "@/lib/http/origin-guard";
import { toActionResult } from "@/lib/web/action-result";
import { actionResultResponse } from "@/lib/web/action-result-response";
import { forbiddenOriginResponse, signInRequiredResponse } from "@/lib/web/route-answers";
import { readMultipartForm } from "./read-multipart-form";

/**
 * The POST handler of a route that takes files from the app's pages. A multipart POST needs no
 * CORS preflight, so only the app's own pages may send it (Origin); then a signed-in person, then
 * the body, bounded by `maxBytes` while it is read. `write` turns the form into one service call;
 * its result or refusal is answered as an action result, never with a stack trace.
 */
export function uploadRoute<P, T>(maxBytes: number, write: (actor: Actor, params: P, form: FormData) => Promise<T>) {
  return async function POST(request: Request, { params }: { params: Promise<P> }) {
    if (!isAppOrigin(request.headers.get("origin"))) return forbiddenOriginResponse();
    const actor = await getWebActor();
    if (!actor) return signInRequiredResponse();
    const routeParams = await params;
    const read = await readMultipartForm(request, maxBytes);
    if (!read.ok) return read.response;
    return actionResultResponse(await toActionResult(() => write(actor, routeParams, read.form)));
  };
}
