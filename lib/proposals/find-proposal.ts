import type { Sql } from "@/lib/db/sql";
import { DomainError, validationError } from "@/lib/errors";
import { allowedTransitions } from "@/lib/briefs/lifecycle";
import type { LockedBrief } from "@/lib/briefs/lock-brief";
import type { ProposalRow } from "./proposal-item";

/** A proposal of the locked brief, as of the lock; an id it does not have is VALIDATION_ERROR at `path`. */
export async function findProposal(sql: Sql, briefId: string, id: string, path: string): Promise<ProposalRow> {
  const [row] = await sql.query<ProposalRow>(
    `SELECT id, status, legacy, data, "createdById", "createdAt" AT TIME ZONE 'UTC' AS "createdAt" FROM "BriefItem"
      WHERE id = $1 AND "briefId" = $2 AND collection = 'proposals'`,
    [id, briefId],
  );
  if (!row) throw validationError([{ path, message: "This brief has no proposal with that id." }]);
  return row;
}

/** Deciding or superseding a proposal that is no longer open (docs/contract.md#proposals). */
export function notOpen(brief: LockedBrief, proposal: ProposalRow): DomainError {
  return new DomainError("BRIEF_STATE_CONFLICT", `The proposal is ${proposal.status}, no longer open.`, {
    state: brief.row.state,
    allowedTransitions: allowedTransitions(brief.row.state),
    reason: "PROPOSAL_NOT_OPEN",
    proposalStatus: proposal.status,
  });
}
