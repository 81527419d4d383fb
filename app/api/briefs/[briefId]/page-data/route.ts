import { getWebActor } from "@/lib/auth/session-gate";
import { getBriefPageData } from "@/lib/live/brief-page-data";
import { toActionResult } from "@/lib/web/action-result";
import { actionResultResponse } from "@/lib/web/action-result-response";
import { signInRequiredResponse } from "@/lib/web/route-answers";

/**
 * What an open brief page fetches when the live stream says the brief changed: the page's data as
 * JSON, instead of rendering the whole page again for every reader.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ briefId: string }> }) {
  const actor = await getWebActor();
  if (!actor) return signInRequiredResponse();
  const { briefId } = await params;
  return actionResultResponse(await toActionResult(() => getBriefPageData(actor, briefId)));
}
