import { createBrief } from "@/lib/briefs/create-brief";
import { createBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { IDEMPOTENCY_NOTE, writeTool } from "../define-tool";
import { briefResultSchema } from "../output-schemas";

export const briefCreateTool = writeTool({
  name: "brief_create",
  title: "Create a brief",
  description:
    "Creates a brief (a requirements document) in a project, with a title and optionally its first content. " +
    "The new brief is in state drafting at versionNum 1. Get the projectId from project_list or project_create. " +
    "Returns {brief} with all nine fields (id, projectId, title, state, currentVersionHash, content, versionNum, " +
    "createdNewVersion: true, staledApprovals: 0). Edit it later with brief_update or brief_checklist_update. " +
    IDEMPOTENCY_NOTE +
    " Errors: PROJECT_ACCESS_DENIED (no such project, not a member, or a viewer), VALIDATION_ERROR (a bound or " +
    "shape of the title or content is broken; details.issues give path and message), CONTENT_TOO_LARGE (content " +
    "over 262144 bytes of JSON; details.size and details.limit).",
  inputSchema: createBriefArgsSchema,
  outputSchema: briefResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  handler: (actor, args) => createBrief(actor, args),
});
