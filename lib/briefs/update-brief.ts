import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toBriefRecord } from "./brief-record";
import { commitContent } from "./commit-content";
import { assertVersion, assertWritable } from "./lock-brief";
import { reconcileContentChecklist } from "./reconcile-checklist";
import { runBriefWrite } from "./run-brief-write";
import { updateBriefServiceSchema } from "./tool-arguments";
import { parseContentInput } from "./validate-content";
import { via } from "./via";
import { checkedSectionsOf, qualityFindingsIn } from "@/lib/quality/count-findings";

/**
 * Where a content write comes from. `tool` names the operation in the version's `via` (for agents)
 * and scopes its idempotency keys; a restore also records which version it brought back.
 */
export type ContentOrigin = { tool: string; restoredFrom?: number };

const UPDATE: ContentOrigin = { tool: "brief_update" };

/** Title and/or whole-content replace. Checklist attribution is the server's (docs/contract.md#checklist-attribution). */
export async function updateBrief(actor: Actor, input: z.input<typeof updateBriefServiceSchema>, origin: ContentOrigin = UPDATE) {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(updateBriefServiceSchema, input);
  const parsed = args.content === undefined ? undefined : parseContentInput(args.content);
  return runBriefWrite(actor, origin.tool, args, async (w) => {
    const { brief, now } = w;
    assertWritable(brief);
    assertVersion(brief, args.ifVersionNum);
    const next = parsed === undefined ? brief.content : reconcileContentChecklist(brief.content, parsed, actor.label, now);
    const change = await commitContent(w, next, { via: via(actor, origin.tool), title: args.title?.trim(), restoredFrom: origin.restoredFrom });
    const qualityFindings = await qualityFindingsIn(w.sql, brief.row, next, checkedSectionsOf(Object.keys(parsed ?? {})));
    return { brief: toBriefRecord(brief.row, brief.content, change), qualityFindings };
  });
}
