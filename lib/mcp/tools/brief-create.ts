import { createBrief } from "@/lib/briefs/create-brief";
import { createBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { writeTool } from "../define-tool";
import { briefResultSchema } from "../output-schemas";

export const briefCreateTool = writeTool({
  name: "brief_create",
  title: "Create a brief",
  description:
    "Creates a brief (a requirements document) in a project, in drafting at version 1, optionally with its first " +
    "content. Edit it later with brief_update or brief_checklist_update.",
  inputSchema: createBriefArgsSchema,
  outputSchema: briefResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  errors: ["CONTENT_TOO_LARGE"],
  handler: (actor, args) => createBrief(actor, args),
});
