import { appendCollectionItem } from "@/lib/briefs/append-collection-item";
import { appendCollectionItemArgsSchema } from "@/lib/briefs/tool-arguments";
import { writeTool } from "../define-tool";
import { appendResultSchema } from "../output-schemas";

export const briefCollectionAppendTool = writeTool({
  name: "brief_collection_append",
  title: "Add to a brief's collection",
  description:
    "Adds an item to a collection of the brief; the server adds id, createdAt and createdBy. Content and " +
    "version do not change.",
  inputSchema: appendCollectionItemArgsSchema,
  outputSchema: appendResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "implicit",
  errors: ["BRIEF_STATE_CONFLICT"],
  handler: (actor, args) => appendCollectionItem(actor, args),
});
