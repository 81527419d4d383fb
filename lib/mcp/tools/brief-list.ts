import { listBriefs } from "@/lib/briefs/list-briefs";
import { listBriefsArgsSchema } from "@/lib/briefs/tool-arguments";
import { readTool } from "../define-tool";
import { briefListResultSchema } from "../output-schemas";

export const briefListTool = readTool({
  name: "brief_list",
  title: "List a project's briefs",
  description:
    "A project's briefs, most recently changed first.",
  inputSchema: listBriefsArgsSchema,
  outputSchema: briefListResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  errors: ["INVALID_CURSOR"],
  handler: (actor, args) => listBriefs(actor, args),
});
