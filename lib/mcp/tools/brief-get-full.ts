import { getBriefFull } from "@/lib/briefs/get-brief-full";
import { getBriefFullArgsSchema } from "@/lib/briefs/tool-arguments";
import { readTool } from "../define-tool";
import { briefFullResultSchema } from "../output-schemas";

export const briefGetFullTool = readTool({
  name: "brief_get_full",
  title: "Read a brief",
  description:
    "Reads one brief: its record (title, state, content, versionNum, …), its lifecycle (the moves " +
    "brief_transition offers and why one is blocked) and the first 20 items of each collection (more with " +
    "brief_collection_list).",
  inputSchema: getBriefFullArgsSchema,
  outputSchema: briefFullResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  errors: [],
  handler: (actor, args) => getBriefFull(actor, args),
});
