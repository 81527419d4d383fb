import { appendCollectionItem } from "@/lib/briefs/append-collection-item";
import { appendCollectionItemArgsSchema } from "@/lib/briefs/tool-arguments";
import { IDEMPOTENCY_NOTE, writeTool } from "../define-tool";
import { appendResultSchema } from "../output-schemas";

export const briefCollectionAppendTool = writeTool({
  name: "brief_collection_append",
  title: "Add an item to a brief's collection",
  description:
    "Appends one item to one of a brief's open collections: findings, proposals, comments (needs a body string), " +
    "artifacts, workOrders or shares. The item is any JSON object up to 16 KiB; every key you send is kept and the " +
    "server adds id, createdAt and createdBy. It does not change the brief's content or version. The other four " +
    "collections (versions, decisionHistory, approvals, reviewSessions) are written by the system only. " +
    "Returns {collection, item}. " +
    IDEMPOTENCY_NOTE +
    " Errors: PROJECT_ACCESS_DENIED (no such brief, no access, or a viewer), VALIDATION_ERROR (unknown collection, " +
    "item too large or not an object, comment without body), BRIEF_STATE_CONFLICT (superseded or closed brief).",
  inputSchema: appendCollectionItemArgsSchema,
  outputSchema: appendResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "implicit",
  handler: (actor, args) => appendCollectionItem(actor, args),
});
