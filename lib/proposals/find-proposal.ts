import type { Sql } from "@/lib/db/sql";
import type { DomainError } from "@/lib/errors";
import { findLockedItem, itemNotOpen } from "@/lib/briefs/locked-item";
import type { LockedBrief } from "@/lib/briefs/lock-brief";
import type { ProposalRow } from "./proposal-item";

/** A proposal of the locked brief, as of the lock; an id it does not have is VALIDATION_ERROR at `path`. */
export function findProposal(sql: Sql, briefId: string, id: string, path: string): Promise<ProposalRow> {
  const columns = `id, status, legacy, data, "createdById", "createdAt" AT TIME ZONE 'UTC' AS "createdAt"`;
  return findLockedItem<ProposalRow>(sql, { noun: "proposal", collection: "proposals", briefId, id, path, columns });
}

/** Deciding or superseding a proposal that is no longer open (docs/contract.md#proposals). */
export function notOpen(brief: LockedBrief, proposal: ProposalRow): DomainError {
  return itemNotOpen(brief, "proposal", proposal.status);
}
