import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toBriefRecord } from "./brief-record";
import { commitContent } from "./commit-content";
import { findChecklistRow } from "./find-checklist-row";
import { assertVersion, assertWritable } from "./lock-brief";
import { toggleChecklistItem } from "./reconcile-checklist";
import { runBriefWrite } from "./run-brief-write";
import { updateChecklistItemArgsSchema } from "./tool-arguments";
import { via } from "./via";

const TOOL = "brief_checklist_update";

/**
 * Ticks or unticks one QA row without rewriting the rest (brief_checklist_update). Checks, in
 * order: ifVersionNum, index, expectedText; setting the current value is a successful no-op.
 */
export async function updateChecklistItem(actor: Actor, input: z.input<typeof updateChecklistItemArgsSchema>) {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(updateChecklistItemArgsSchema, input);
  return runBriefWrite(actor, TOOL, args, async (w) => {
    const { brief, now } = w;
    assertWritable(brief);
    assertVersion(brief, args.ifVersionNum);
    const { items } = findChecklistRow(brief, args.index, args.expectedText);
    const next = { ...brief.content, testingQaChecklist: toggleChecklistItem(items, args.index, args.checked, actor.label, now) };
    // The QA list is outside the approval hash: a toggle never changes it.
    const change = await commitContent(w, next, { via: via(actor, TOOL), approvalUnchanged: true, tick: { index: args.index, checked: args.checked } });
    return { brief: toBriefRecord(brief.row, brief.content, change) };
  });
}
