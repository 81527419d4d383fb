import { updateChecklistItem } from "@/lib/briefs/update-checklist-item";
import { updateChecklistItemArgsSchema } from "@/lib/briefs/tool-arguments";
import { writeTool } from "../define-tool";
import { briefResultSchema } from "../output-schemas";

export const briefChecklistUpdateTool = writeTool({
  name: "brief_checklist_update",
  title: "Tick a QA-checklist row",
  description:
    "Ticks or unticks one QA-checklist row without rewriting the brief; the server records who and when. Give the " +
    "row's index and exact current text (expectedText) from brief_get_full. Stales no approval; unticking a row " +
    "of a checked brief returns it to in_development. BRIEF_VERSION_CONFLICT details.reason: VERSION_MISMATCH, " +
    "INDEX_OUT_OF_RANGE or CHECKLIST_TEXT_MISMATCH.",
  inputSchema: updateChecklistItemArgsSchema,
  outputSchema: briefResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "implicit",
  errors: ["BRIEF_VERSION_CONFLICT", "BRIEF_STATE_CONFLICT"],
  handler: (actor, args) => updateChecklistItem(actor, args),
});
