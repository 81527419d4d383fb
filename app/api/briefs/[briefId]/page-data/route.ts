import { getWebActor } from "@/lib/auth/session-gate";
import { getBriefPageDataJson } from "@/lib/live/brief-page-data";
import { toActionResult } from "@/lib/web/action-result";
import { actionResultResponse } from "@/lib/web/action-result-response";
import { signInRequiredResponse } from "@/lib/web/route-answers";

/**
 * What an open brief page fetches when the live stream says the brief changed: the page's data as
 * JSON (lib/live/brief-page-data.ts), instead of rendering the whole page again for every reader.
 * The brief-wide part arrives as text read once per change, so it is not parsed and written again.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ briefId: string }> }) {
  const actor = await getWebActor();
  if (!actor) return signInRequiredResponse();
  const { briefId } = await params;
  const result = await toActionResult(() => getBriefPageDataJson(actor, briefId));
  if (!result.ok) return actionResultResponse(result);
  return new Response(`{"ok":true,"data":${result.data}}`, { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}
