import { getBriefFull } from "@/lib/briefs/get-brief-full";
import { getBriefFullArgsSchema } from "@/lib/briefs/tool-arguments";
import { readTool } from "../define-tool";
import { briefFullResultSchema } from "../output-schemas";

export const briefGetFullTool = readTool({
  name: "brief_get_full",
  title: "Read a brief",
  description:
    "One brief: its record with content, its lifecycle and the first 20 items of each collection.",
  inputSchema: getBriefFullArgsSchema,
  outputSchema: briefFullResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  errors: [],
  handler: (actor, args) => getBriefFull(actor, args),
});
