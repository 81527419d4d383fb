import { approveBrief } from "@/lib/briefs/approve-brief";
import { approveBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { IDEMPOTENCY_NOTE, writeTool } from "../define-tool";
import { approvalResultSchema } from "../output-schemas";

export const briefApproveTool = writeTool({
  name: "brief_approve",
  title: "Approve a brief in review",
  description:
    "Records your approval of the brief's current requirements (everything but the QA checklist and _draft). Only " +
    "for briefs in in_review; one live approval per person, any editor or owner may approve, the author included. " +
    "The approval is yours, given in your name: call it only when the user asked to approve. A later change of the " +
    "requirements makes it stale. With a live approval, brief_transition to baselined succeeds. Pass ifVersionNum " +
    "to approve exactly the version you read. Returns {brief, approval}. " +
    IDEMPOTENCY_NOTE +
    " Errors: BRIEF_STATE_CONFLICT (not in in_review), BRIEF_VERSION_CONFLICT (ifVersionNum is not current), " +
    "PROJECT_ACCESS_DENIED (no such brief, no access, or a viewer), VALIDATION_ERROR.",
  inputSchema: approveBriefArgsSchema,
  outputSchema: approvalResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  handler: (actor, args) => approveBrief(actor, args),
});

