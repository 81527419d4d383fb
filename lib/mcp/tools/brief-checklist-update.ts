import { updateChecklistItem } from "@/lib/briefs/update-checklist-item";
import { updateChecklistItemArgsSchema } from "@/lib/briefs/tool-arguments";
import { writeTool } from "../define-tool";
import { briefResultSchema } from "../output-schemas";

export const briefChecklistUpdateTool = writeTool({
  name: "brief_checklist_update",
  title: "Tick a QA-checklist row",
  description:
    "Ticks or unticks one QA-checklist row, recording who and when. Unticking a row of a checked brief " +
    "returns it to in_development.",
  inputSchema: updateChecklistItemArgsSchema,
  outputSchema: briefResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "implicit",
  errors: ["BRIEF_VERSION_CONFLICT", "BRIEF_STATE_CONFLICT"],
  handler: (actor, args) => updateChecklistItem(actor, args),
});
