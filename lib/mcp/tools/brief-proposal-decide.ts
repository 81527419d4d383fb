import { proposeScopes, writeScopes } from "@/lib/auth/scopes";
import { decideProposal } from "@/lib/proposals/decide-proposal";
import { decideArgsSchema, decideResultSchema } from "@/lib/proposals/proposal-schema";
import { writeTool } from "../define-tool";

export const briefProposalDecideTool = writeTool({
  name: "brief_proposal_decide",
  title: "Accept, reject or withdraw a proposal",
  description:
    "accept merges an open proposal (or the chosen sections) into the content as one new version, refused if " +
    "it conflicts with changes since its base; reject closes it. accept and reject need brief:write; only the " +
    "author may withdraw (brief:propose).",
  inputSchema: decideArgsSchema,
  outputSchema: decideResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  errors: ["CONTENT_TOO_LARGE", "BRIEF_VERSION_CONFLICT", "BRIEF_STATE_CONFLICT"],
  proposes: true,
  // Deciding is for people who may write; an invalid decision is left to the arguments' check.
  scopesForCall: (args) => {
    const decision = (args as { decision?: unknown } | null)?.decision;
    return decision === "accept" || decision === "reject" ? writeScopes : proposeScopes;
  },
  handler: (actor, args) => decideProposal(actor, args),
});
