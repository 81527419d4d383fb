import { listBriefs } from "@/lib/briefs/list-briefs";
import { listBriefsArgsSchema } from "@/lib/briefs/tool-arguments";
import { readTool } from "../define-tool";
import { briefListResultSchema } from "../output-schemas";

export const briefListTool = readTool({
  name: "brief_list",
  title: "List the briefs of a project",
  description:
    "Lists the briefs of one project, most recently changed first, optionally only those in one state. Use it to " +
    "find a briefId; read a whole brief with brief_get_full. " +
    "Returns {items: [{id, projectId, title, state, versionNum, currentVersionHash, updatedAt}], nextCursor}; while " +
    "nextCursor is not null, call again with cursor = nextCursor (same projectId and state) for the next page. " +
    "Errors: PROJECT_ACCESS_DENIED (no such project or not a member), INVALID_CURSOR (start again without a cursor), " +
    "VALIDATION_ERROR.",
  inputSchema: listBriefsArgsSchema,
  outputSchema: briefListResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  handler: (actor, args) => listBriefs(actor, args),
});
