"use server";

import { requireWebActor } from "@/lib/auth/session-gate";
import { searchBriefs } from "@/lib/briefs/search-briefs";
import { searchBriefsArgsSchema, type SearchPage } from "@/lib/briefs/search-schema";
import { SHORT_PAGE_SIZE } from "@/lib/contract/bounds";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";

const moreResultsArgsSchema = searchBriefsArgsSchema.omit({ limit: true }).required({ cursor: true });

/** The next page of search results; the cursor is bound to the person, the query and the filter. */
export async function searchMoreBriefsAction(args: { query: string; projectId?: string; cursor: string }): Promise<ActionResult<SearchPage>> {
  const actor = await requireWebActor();
  return toActionResult(() => searchBriefs(actor, { ...parseOrThrow(moreResultsArgsSchema, args), limit: SHORT_PAGE_SIZE }));
}
