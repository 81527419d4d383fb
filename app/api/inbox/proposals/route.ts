import { getWebActor } from "@/lib/auth/session-gate";
import { listProposalInbox } from "@/lib/proposals/list-proposal-inbox";
import { toActionResult } from "@/lib/web/action-result";
import { actionResultResponse } from "@/lib/web/action-result-response";
import { signInRequiredResponse } from "@/lib/web/route-answers";

/** The header's inbox: proposals waiting for the signed-in person's decision. */
export async function GET() {
  const actor = await getWebActor();
  if (!actor) return signInRequiredResponse();
  return actionResultResponse(await toActionResult(() => listProposalInbox(actor)));
}
