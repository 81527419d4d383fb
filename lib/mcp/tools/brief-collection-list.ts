import { listCollection } from "@/lib/briefs/list-collection";
import { listCollectionArgsSchema } from "@/lib/briefs/tool-arguments";
import { readTool } from "../define-tool";
import { collectionListResultSchema } from "../output-schemas";

export const briefCollectionListTool = readTool({
  name: "brief_collection_list",
  title: "Page through one collection of a brief",
  description:
    "Pages through one durable collection of a brief, newest first, by keyset cursor: use it to go beyond the first " +
    "20 items that brief_get_full returns. Collections: versions (each minted version: versionNum, hash, createdBy, " +
    "via, baseline; the content itself comes from brief_version_get), decisionHistory, findings, proposals, approvals, " +
    "comments, artifacts, workOrders, reviewSessions, shares. Returns {collection, items, nextCursor}; repeat the " +
    "call with cursor = nextCursor (same briefId and collection) until nextCursor is null. A traversal never skips " +
    "or repeats items that existed when it started. " +
    "Errors: PROJECT_ACCESS_DENIED (no such brief or no access), INVALID_CURSOR (malformed, expired, or from another " +
    "brief or collection: start again without a cursor), VALIDATION_ERROR (limit 1..200, unknown collection).",
  inputSchema: listCollectionArgsSchema,
  outputSchema: collectionListResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  handler: (actor, args) => listCollection(actor, args),
});
