import { transitionBrief } from "@/lib/briefs/transition-brief";
import { transitionBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { writeTool } from "../define-tool";
import { briefResultSchema } from "../output-schemas";

export const briefTransitionTool = writeTool({
  name: "brief_transition",
  title: "Change a brief's state",
  description:
    "Moves a brief through its lifecycle: drafting → in_review (needs a requirement and an acceptance criterion) " +
    "→ baselined (needs a live approval, see brief_approve) → in_development → checked (every checklist row " +
    "checked); in_review → drafting; any open state → superseded (successorBriefId optional) or closed (reason " +
    "required), both final and read-only: confirm with the user first.",
  inputSchema: transitionBriefArgsSchema,
  outputSchema: briefResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  errors: ["BRIEF_VERSION_CONFLICT", "BRIEF_STATE_CONFLICT"],
  handler: (actor, args) => transitionBrief(actor, args),
});
