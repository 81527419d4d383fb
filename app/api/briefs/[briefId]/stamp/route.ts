import { getWebActor } from "@/lib/auth/session-gate";
import { getBriefStamp } from "@/lib/briefs/get-brief-stamp";
import { toActionResult } from "@/lib/web/action-result";
import { actionResultResponse } from "@/lib/web/action-result-response";
import { signInRequiredResponse } from "@/lib/web/route-answers";

/** What an open brief page reads when its live stream (re)connects, to catch up on changes it missed. */
export async function GET(_request: Request, { params }: { params: Promise<{ briefId: string }> }) {
  const actor = await getWebActor();
  if (!actor) return signInRequiredResponse();
  const { briefId } = await params;
  return actionResultResponse(await toActionResult(() => getBriefStamp(actor, briefId)));
}
