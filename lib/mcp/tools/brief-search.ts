import { searchBriefs } from "@/lib/briefs/search-briefs";
import { searchBriefsArgsSchema, searchPageSchema } from "@/lib/briefs/search-schema";
import { readTool } from "../define-tool";

export const briefSearchTool = readTool({
  name: "brief_search",
  title: "Search briefs",
  description:
    "Full-text search of the current title and sections of the briefs you can read (all your projects, or one " +
    "with projectId). Best match first; snippet.text is plain text from the best-matching section, highlights its " +
    "matches as code-point offsets. Use it to find a briefId by what a brief says.",
  inputSchema: searchBriefsArgsSchema,
  outputSchema: searchPageSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  errors: ["INVALID_CURSOR"],
  handler: (actor, args) => searchBriefs(actor, args),
});
