import { searchBriefs } from "@/lib/briefs/search-briefs";
import { searchBriefsArgsSchema, searchPageSchema } from "@/lib/briefs/search-schema";
import { readTool } from "../define-tool";

export const briefSearchTool = readTool({
  name: "brief_search",
  title: "Search briefs",
  description:
    "Full-text search of the title and every section of the current version of the briefs you can read (all your " +
    "projects, or one with projectId). Best match first; snippet.text is plain text from the best-matching section, " +
    "highlights its matched words as code-point offsets. Use it to find a briefId by what a brief says. " +
    "PROJECT_ACCESS_DENIED: projectId is not yours.",
  inputSchema: searchBriefsArgsSchema,
  outputSchema: searchPageSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  handler: (actor, args) => searchBriefs(actor, args),
});
