import { transitionBrief } from "@/lib/briefs/transition-brief";
import { transitionBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { writeTool } from "../define-tool";
import { briefResultSchema } from "../output-schemas";

export const briefTransitionTool = writeTool({
  name: "brief_transition",
  title: "Change a brief's state",
  description:
    "Moves a brief to another lifecycle state; brief_get_full's lifecycle lists the moves allowed now and why " +
    "others are blocked. closed needs a reason. superseded and closed are final and read-only: confirm with " +
    "the user first.",
  inputSchema: transitionBriefArgsSchema,
  outputSchema: briefResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  errors: ["BRIEF_VERSION_CONFLICT", "BRIEF_STATE_CONFLICT"],
  handler: (actor, args) => transitionBrief(actor, args),
});
