import { appendCollectionItem } from "@/lib/briefs/append-collection-item";
import { appendCollectionItemArgsSchema } from "@/lib/briefs/tool-arguments";
import { writeTool } from "../define-tool";
import { appendResultSchema } from "../output-schemas";

export const briefCollectionAppendTool = writeTool({
  name: "brief_collection_append",
  title: "Add to a brief's collection",
  description:
    "Adds an item to findings, comments, artifacts, workOrders or shares (proposals come from brief_propose). Your " +
    "keys are kept; the server adds id, createdAt and createdBy. The brief's content and version do not change.",
  inputSchema: appendCollectionItemArgsSchema,
  outputSchema: appendResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "implicit",
  errors: ["BRIEF_STATE_CONFLICT"],
  handler: (actor, args) => appendCollectionItem(actor, args),
});
