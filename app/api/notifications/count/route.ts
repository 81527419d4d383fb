import { getWebActor } from "@/lib/auth/session-gate";
import { countUnread } from "@/lib/notifications/list-notifications";
import { toActionResult } from "@/lib/web/action-result";
import { actionResultResponse } from "@/lib/web/action-result-response";
import { signInRequiredResponse } from "@/lib/web/route-answers";

/** The header bell's number: the signed-in person's unread notifications. */
export async function GET() {
  const actor = await getWebActor();
  if (!actor) return signInRequiredResponse();
  return actionResultResponse(await toActionResult(async () => ({ unread: await countUnread(actor) })));
}
