import { approveBrief } from "@/lib/briefs/approve-brief";
import { approveBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { writeTool } from "../define-tool";
import { approvalResultSchema } from "../output-schemas";

export const briefApproveTool = writeTool({
  name: "brief_approve",
  title: "Approve a brief in review",
  description:
    "Approves the current requirements of a brief in in_review, in your name: only when the user asked.",
  inputSchema: approveBriefArgsSchema,
  outputSchema: approvalResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  errors: ["BRIEF_VERSION_CONFLICT", "BRIEF_STATE_CONFLICT"],
  handler: (actor, args) => approveBrief(actor, args),
});

