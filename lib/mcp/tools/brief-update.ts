import { updateBrief } from "@/lib/briefs/update-brief";
import { updateBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { writeTool } from "../define-tool";
import { briefResultSchema } from "../output-schemas";

export const briefUpdateTool = writeTool({
  name: "brief_update",
  title: "Update a brief",
  description:
    "Changes the title and/or replaces the whole content: sections left out of content are removed, so send back " +
    "what brief_get_full returned, changed. A content change mints a version; changing anything but the QA " +
    "checklist stales approvals and returns a baselined, in_development or checked brief to in_review. To tick " +
    "one checklist row use brief_checklist_update.",
  inputSchema: updateBriefArgsSchema,
  outputSchema: briefResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  errors: ["CONTENT_TOO_LARGE", "BRIEF_VERSION_CONFLICT", "BRIEF_STATE_CONFLICT"],
  handler: (actor, args) => updateBrief(actor, args),
});
