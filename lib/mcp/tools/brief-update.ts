import { updateBrief } from "@/lib/briefs/update-brief";
import { updateBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { writeTool } from "../define-tool";
import { briefWriteResultSchema } from "../output-schemas";

export const briefUpdateTool = writeTool({
  name: "brief_update",
  title: "Update a brief",
  description:
    "Changes the title and/or replaces the whole content: sections left out are removed, so send back " +
    "brief_get_full's content, changed. A content change mints a version.",
  inputSchema: updateBriefArgsSchema,
  outputSchema: briefWriteResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  errors: ["CONTENT_TOO_LARGE", "BRIEF_VERSION_CONFLICT", "BRIEF_STATE_CONFLICT"],
  handler: (actor, args) => updateBrief(actor, args),
});
