import { currentSessionId, getWebActor } from "@/lib/auth/session-gate";
import { openLiveStream } from "@/lib/live/live-stream";
import { sessionStillHolds } from "@/lib/sessions/check-session";
import { toActionResult } from "@/lib/web/action-result";
import { actionResultResponse } from "@/lib/web/action-result-response";
import { signInRequiredResponse } from "@/lib/web/route-answers";

export const dynamic = "force-dynamic";

/** The signed-in person's live event stream (lib/live/live-stream.ts); one per browser, shared by its tabs. */
export async function GET(request: Request) {
  const actor = await getWebActor();
  if (!actor) return signInRequiredResponse();
  // The browser asks this after the stream was refused, to tell "signed out" from "unavailable".
  if (new URL(request.url).searchParams.has("probe")) return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  const sessionId = await currentSessionId();
  let stream: Response | undefined;
  const failed = await toActionResult(async () => {
    stream = await openLiveStream(actor, request.signal, () => sessionStillHolds(sessionId, actor.userId));
  });
  return stream ?? actionResultResponse(failed);
}
