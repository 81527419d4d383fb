import { getWebActor } from "@/lib/auth/session-gate";
import { isAppOrigin } from "@/lib/http/origin-guard";
import { leavePresence } from "@/lib/live/presence/record-presence";
import { toActionResult } from "@/lib/web/action-result";
import { actionResultResponse } from "@/lib/web/action-result-response";
import { forbiddenOriginResponse, signInRequiredResponse } from "@/lib/web/route-answers";

/**
 * A tab leaving the brief, sent with navigator.sendBeacon as the page goes away: a plain-text body
 * (a beacon cannot send JSON without a preflight) holding the JSON `{ tabId }`.
 */
export async function POST(request: Request, { params }: { params: Promise<{ briefId: string }> }) {
  if (!isAppOrigin(request.headers.get("origin"))) return forbiddenOriginResponse();
  const actor = await getWebActor();
  if (!actor) return signInRequiredResponse();
  const { briefId } = await params;
  const input = await request.text().then((text) => JSON.parse(text) as unknown).catch(() => null);
  return actionResultResponse(await toActionResult(() => leavePresence(actor, briefId, input)));
}
