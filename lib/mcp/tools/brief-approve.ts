import { approveBrief } from "@/lib/briefs/approve-brief";
import { approveBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { writeTool } from "../define-tool";
import { approvalResultSchema } from "../output-schemas";

export const briefApproveTool = writeTool({
  name: "brief_approve",
  title: "Approve a brief in review",
  description:
    "Records your approval of the current requirements (all content but the QA checklist and _draft) of a brief " +
    "in in_review, in your name: only when the user asked to approve. A later requirements change makes it stale; " +
    "a live approval lets brief_transition reach baselined.",
  inputSchema: approveBriefArgsSchema,
  outputSchema: approvalResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  errors: ["BRIEF_VERSION_CONFLICT", "BRIEF_STATE_CONFLICT"],
  handler: (actor, args) => approveBrief(actor, args),
});

