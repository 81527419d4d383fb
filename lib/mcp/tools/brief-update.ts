import { updateBrief } from "@/lib/briefs/update-brief";
import { updateBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { IDEMPOTENCY_NOTE, writeTool } from "../define-tool";
import { briefResultSchema } from "../output-schemas";

export const briefUpdateTool = writeTool({
  name: "brief_update",
  title: "Update a brief's title or content",
  description:
    "Changes the title and/or replaces the whole content of a brief. content is a complete replacement: sections " +
    "you leave out are removed, so read the brief with brief_get_full first and send it back with your changes. " +
    "To tick one QA-checklist row use brief_checklist_update instead. A content change mints a new version " +
    "(createdNewVersion true, versionNum + 1); a title change alone does not. Changing anything but the QA checklist " +
    "makes earlier approvals stale (staledApprovals) and moves a baselined, in_development or checked brief back to " +
    "in_review. Pass ifVersionNum (from your last read) to avoid overwriting someone else's change. Returns {brief}. " +
    IDEMPOTENCY_NOTE +
    " Errors: PROJECT_ACCESS_DENIED (no such brief, no access, or a viewer), VALIDATION_ERROR (details.issues), " +
    "CONTENT_TOO_LARGE (over 262144 bytes), BRIEF_VERSION_CONFLICT (ifVersionNum is not the current versionNum: " +
    "re-read and retry with a new key), BRIEF_STATE_CONFLICT (the brief is superseded or closed).",
  inputSchema: updateBriefArgsSchema,
  outputSchema: briefResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  handler: (actor, args) => updateBrief(actor, args),
});
