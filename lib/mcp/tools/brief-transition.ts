import { transitionBrief } from "@/lib/briefs/transition-brief";
import { transitionBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { IDEMPOTENCY_NOTE, writeTool } from "../define-tool";
import { briefResultSchema } from "../output-schemas";

export const briefTransitionTool = writeTool({
  name: "brief_transition",
  title: "Move a brief to another lifecycle state",
  description:
    "Moves a brief along its lifecycle: drafting → in_review (needs at least one requirement and one acceptance " +
    "criterion; opens a review session), in_review → drafting, in_review → baselined (needs a live approval of the " +
    "current requirements, see brief_approve), baselined → in_development, in_development → checked (every " +
    "checklist row checked), or from any open state to superseded (optional successorBriefId in the same project) or " +
    "closed (reason required). Superseded and closed briefs become read-only for good: confirm with the user first. " +
    "Returns {brief}. " +
    IDEMPOTENCY_NOTE +
    " Errors: BRIEF_STATE_CONFLICT (transition not allowed from this state or its guard fails; details.state, " +
    "details.allowedTransitions and details.reason say why), BRIEF_VERSION_CONFLICT (ifVersionNum is not current), " +
    "PROJECT_ACCESS_DENIED (no such brief, no access, or a viewer), VALIDATION_ERROR.",
  inputSchema: transitionBriefArgsSchema,
  outputSchema: briefResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  handler: (actor, args) => transitionBrief(actor, args),
});
