import { z } from "zod";
import { nameText } from "@/lib/contract/bounded-text";
import { SEARCH_QUERY_MAX } from "@/lib/contract/bounds";
import { nextCursor, timestamp } from "@/lib/contract/result-fields";
import { limitSchema } from "@/lib/paging/page-size";
import { briefStateSchema } from "./schema";

/** The arguments and the result of brief search (docs/contract.md#search), for both doors. */
export const searchBriefsArgsSchema = z.strictObject({
  query: nameText(SEARCH_QUERY_MAX).describe(
    'Words (all must occur, any form: "exporting" finds "export"), "a phrase", OR, -word to exclude; the last word matches as a prefix too.',
  ),
  projectId: z.string().min(1).optional(),
  cursor: z.string().min(1).optional(),
  limit: limitSchema.optional(),
});

export const searchSnippetSchema = z.strictObject({
  section: z
    .string()
    .nullable()
    .describe("The content key the text comes from (e.g. requirements): where the query's words occur most; null when the brief has no text."),
  text: z.string().describe("Plain text around the matches: a few words, fragments joined by \" … \", list rows by \" · \"."),
  highlights: z
    .array(z.strictObject({ start: z.number().int().min(0), end: z.number().int().min(0) }))
    .describe("The matched words in text, as [start, end) offsets in Unicode code points, in order."),
});

export const searchHitSchema = z.strictObject({
  briefId: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  title: z.string(),
  state: briefStateSchema,
  versionNum: z.number().int(),
  updatedAt: timestamp,
  rank: z.number().describe("Relevance, 0..1, higher first; comparable only within one query."),
  snippet: searchSnippetSchema,
});

export const searchPageSchema = z.strictObject({ items: z.array(searchHitSchema), nextCursor });

export type SearchHit = z.output<typeof searchHitSchema>;
export type SearchSnippet = z.output<typeof searchSnippetSchema>;
export type SearchPage = z.output<typeof searchPageSchema>;
