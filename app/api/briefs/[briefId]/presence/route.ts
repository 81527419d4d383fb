import { getWebActor } from "@/lib/auth/session-gate";
import { isAppOrigin } from "@/lib/http/origin-guard";
import { getPresence, recordPresence } from "@/lib/live/presence/record-presence";
import { toActionResult } from "@/lib/web/action-result";
import { actionResultResponse } from "@/lib/web/action-result-response";
import { forbiddenOriginResponse, signInRequiredResponse } from "@/lib/web/route-answers";

type Params = { params: Promise<{ briefId: string }> };

/** Who is on the brief now. */
export async function GET(_request: Request, { params }: Params) {
  const actor = await getWebActor();
  if (!actor) return signInRequiredResponse();
  const { briefId } = await params;
  return actionResultResponse(await toActionResult(() => getPresence(actor, briefId)));
}

/** A tab saying it is here (and which section it edits); answered with who is on the brief now. */
export async function POST(request: Request, { params }: Params) {
  if (!isAppOrigin(request.headers.get("origin"))) return forbiddenOriginResponse();
  const actor = await getWebActor();
  if (!actor) return signInRequiredResponse();
  const { briefId } = await params;
  const input = await request.json().catch(() => null);
  return actionResultResponse(await toActionResult(() => recordPresence(actor, briefId, input)));
}
