import { listCollection } from "@/lib/briefs/list-collection";
import { listCollectionArgsSchema } from "@/lib/briefs/tool-arguments";
import { readTool } from "../define-tool";
import { collectionListResultSchema } from "../output-schemas";

export const briefCollectionListTool = readTool({
  name: "brief_collection_list",
  title: "Page a brief's collection",
  description:
    "Pages through one collection of a brief, newest first. A traversal never skips or repeats an item that " +
    "existed when it started.",
  inputSchema: listCollectionArgsSchema,
  outputSchema: collectionListResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  errors: ["INVALID_CURSOR"],
  handler: (actor, args) => listCollection(actor, args),
});
