import { getBriefFull } from "@/lib/briefs/get-brief-full";
import { getBriefFullArgsSchema } from "@/lib/briefs/tool-arguments";
import { readTool } from "../define-tool";
import { briefFullResultSchema } from "../output-schemas";

export const briefGetFullTool = readTool({
  name: "brief_get_full",
  title: "Read a brief with its collections",
  description:
    "Reads one brief: the nine-field brief record (title, state, content, versionNum, currentVersionHash, …) and the " +
    "first 20 items, newest first, of each of its ten collections (versions, decisionHistory, findings, proposals, " +
    "approvals, comments, artifacts, workOrders, reviewSessions, shares), plus lifecycle facts: the moves " +
    "brief_transition offers and whether each is possible now (transitions), your role, and a closed or superseded " +
    "brief's reason and successor. Read it " +
    "before changing a brief, and pass " +
    "its versionNum as ifVersionNum to your write so that a concurrent change is detected. Where a collection's " +
    "nextCursor is not null, page on with brief_collection_list. " +
    "Errors: PROJECT_ACCESS_DENIED (no such brief or no access), VALIDATION_ERROR.",
  inputSchema: getBriefFullArgsSchema,
  outputSchema: briefFullResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  handler: (actor, args) => getBriefFull(actor, args),
});
