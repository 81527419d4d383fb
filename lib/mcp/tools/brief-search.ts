import { searchBriefs } from "@/lib/briefs/search-briefs";
import { searchBriefsArgsSchema, searchPageSchema } from "@/lib/briefs/search-schema";
import { readTool } from "../define-tool";

export const briefSearchTool = readTool({
  name: "brief_search",
  title: "Search briefs",
  description:
    "Full-text search over the title and every section (long text, list rows, criteria, QA rows, tickets, decisions, " +
    "links) of the current version of every brief in the projects you are a member of, or of one project with " +
    "projectId. Query syntax: words (all must occur; English stemming, so \"exporting\" finds \"export\"), " +
    "\"quoted phrases\", OR, -word to exclude; the last word also matches as a prefix. Best match first. Use it to " +
    "find a briefId by what a brief says; read the brief with brief_get_full. Returns {items: [{briefId, projectId, " +
    "projectName, title, state, versionNum, updatedAt, rank, snippet: {section, text, highlights: [{start, end}]}}], " +
    "nextCursor}: snippet.text is plain text from the best-matching section (its content key in section) and " +
    "highlights are the matched words as code-point offsets into it. While nextCursor is not null, call again with " +
    "cursor = nextCursor and the same query and projectId for the next page. " +
    "Errors: PROJECT_ACCESS_DENIED (projectId is not a project of yours), INVALID_CURSOR (start again without a " +
    "cursor), VALIDATION_ERROR.",
  inputSchema: searchBriefsArgsSchema,
  outputSchema: searchPageSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  handler: (actor, args) => searchBriefs(actor, args),
});
