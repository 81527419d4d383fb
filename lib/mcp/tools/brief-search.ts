import { searchBriefs } from "@/lib/briefs/search-briefs";
import { searchBriefsArgsSchema, searchPageSchema } from "@/lib/briefs/search-schema";
import { readTool } from "../define-tool";

export const briefSearchTool = readTool({
  name: "brief_search",
  title: "Search briefs",
  description:
    "Full-text search of the current title and sections of the briefs you can read, best match first; " +
    "snippet.highlights are code-point offsets into snippet.text.",
  inputSchema: searchBriefsArgsSchema,
  outputSchema: searchPageSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  errors: ["INVALID_CURSOR"],
  handler: (actor, args) => searchBriefs(actor, args),
});
