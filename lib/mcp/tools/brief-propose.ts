import { proposeChange } from "@/lib/proposals/propose-change";
import { proposeArgsSchema, proposeResultSchema } from "@/lib/proposals/proposal-schema";
import { writeTool } from "../define-tool";

export const briefProposeTool = writeTool({
  name: "brief_propose",
  title: "Propose a change to a brief",
  description:
    "Suggests a change for a person to accept: the new value of each section to change, against the version you " +
    "read (baseVersionNum). Nothing in the brief changes and no version is minted. The result lists the item-level " +
    "changes and whether it merges into the current version (mergeable) or conflicts. Supersede your own earlier " +
    "open proposal with supersedes.",
  inputSchema: proposeArgsSchema,
  outputSchema: proposeResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "implicit",
  errors: ["CONTENT_TOO_LARGE", "BRIEF_STATE_CONFLICT"],
  proposes: true,
  handler: (actor, args) => proposeChange(actor, args),
});
