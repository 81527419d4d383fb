import { proposeChange } from "@/lib/proposals/propose-change";
import { proposeArgsSchema, proposeResultSchema } from "@/lib/proposals/proposal-schema";
import { writeTool } from "../define-tool";

export const briefProposeTool = writeTool({
  name: "brief_propose",
  title: "Propose a change to a brief",
  description:
    "Proposes new values for sections, for a person to accept or reject; the brief does not change. The " +
    "result lists the item changes and whether it merges into the current version (mergeable).",
  inputSchema: proposeArgsSchema,
  outputSchema: proposeResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "implicit",
  errors: ["CONTENT_TOO_LARGE", "BRIEF_STATE_CONFLICT"],
  proposes: true,
  handler: (actor, args) => proposeChange(actor, args),
});
