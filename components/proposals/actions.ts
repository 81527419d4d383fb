"use server";

import { requireWebActor } from "@/lib/auth/session-gate";
import { decideProposal } from "@/lib/proposals/decide-proposal";
import { decideArgsSchema, proposeArgsSchema } from "@/lib/proposals/proposal-schema";
import { proposeChange } from "@/lib/proposals/propose-change";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toActionResult } from "@/lib/web/action-result";

/**
 * The proposals' web door: each action authenticates, parses with the shared schema and calls one
 * service. Arguments arrive untrusted; the types describe what our pages send.
 */

/** A reviewer's edits, sent as a proposal against the version their draft started from. */
export async function proposeChangesAction(input: Parameters<typeof proposeChange>[1]) {
  const actor = await requireWebActor();
  return toActionResult(async () => {
    const { proposal } = (await proposeChange(actor, parseOrThrow(proposeArgsSchema, input))).result;
    return { id: proposal.id, mergeable: proposal.mergeable ?? true };
  });
}

export async function decideProposalAction(input: Parameters<typeof decideProposal>[1]) {
  const actor = await requireWebActor();
  return toActionResult(async () => {
    const { proposal, brief } = (await decideProposal(actor, parseOrThrow(decideArgsSchema, input))).result;
    return { status: proposal.status, versionNum: brief.versionNum, createdNewVersion: brief.createdNewVersion };
  });
}
