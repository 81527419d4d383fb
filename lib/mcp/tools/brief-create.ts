import { createBrief } from "@/lib/briefs/create-brief";
import { createBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { writeTool } from "../define-tool";
import { briefWriteResultSchema } from "../output-schemas";

export const briefCreateTool = writeTool({
  name: "brief_create",
  title: "Create a brief",
  description:
    "Creates a brief in drafting at version 1, optionally with content or from a template.",
  inputSchema: createBriefArgsSchema,
  outputSchema: briefWriteResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  errors: ["CONTENT_TOO_LARGE"],
  handler: (actor, args) => createBrief(actor, args),
});
