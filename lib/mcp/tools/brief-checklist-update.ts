import { updateChecklistItem } from "@/lib/briefs/update-checklist-item";
import { updateChecklistItemArgsSchema } from "@/lib/briefs/tool-arguments";
import { IDEMPOTENCY_NOTE, writeTool } from "../define-tool";
import { briefResultSchema } from "../output-schemas";

export const briefChecklistUpdateTool = writeTool({
  name: "brief_checklist_update",
  title: "Tick or untick one QA-checklist row",
  description:
    "Sets checked on one row of a brief's QA checklist (content.testingQaChecklist, mirrored as content.checklist) " +
    "without rewriting the rest of the brief: the atomic alternative to brief_update for QA progress. Identify the " +
    "row by its zero-based index and its current text (expectedText), both from brief_get_full. The server records " +
    "who checked it and when. A change mints a version but stales no approval; setting the value it already has " +
    "succeeds with createdNewVersion false. Unticking a row of a checked brief moves it back to in_development. " +
    "Returns {brief} with all nine fields. " +
    IDEMPOTENCY_NOTE +
    " Errors: PROJECT_ACCESS_DENIED (no such brief, no access, or a viewer), BRIEF_VERSION_CONFLICT with " +
    "details.reason VERSION_MISMATCH (ifVersionNum is not current), INDEX_OUT_OF_RANGE (details.checklistLength) or " +
    "CHECKLIST_TEXT_MISMATCH (details.currentItem is the row now at index): nothing was changed; re-read and retry " +
    "with a new key. BRIEF_STATE_CONFLICT (superseded or closed brief), VALIDATION_ERROR.",
  inputSchema: updateChecklistItemArgsSchema,
  outputSchema: briefResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "implicit",
  handler: (actor, args) => updateChecklistItem(actor, args),
});
