import type { Sql } from "@/lib/db/sql";
import { DomainError, validationError } from "@/lib/errors";
import { allowedTransitions } from "@/lib/briefs/lifecycle";
import type { LockedBrief } from "@/lib/briefs/lock-brief";

export type FindingRow = { id: string; status: string; data: unknown; createdAt: Date };

/**
 * A finding of the locked brief, as of the lock; an id it does not have (or a free-form note appended
 * to `findings`, which has no status) is VALIDATION_ERROR at `path`.
 */
export async function findFinding(sql: Sql, briefId: string, id: string, path: string): Promise<FindingRow> {
  const [row] = await sql.query<FindingRow>(`SELECT id, status, data, "createdAt" AT TIME ZONE 'UTC' AS "createdAt" FROM "BriefItem"
      WHERE id = $1 AND "briefId" = $2 AND collection = 'findings' AND status IS NOT NULL`, [id, briefId]);
  if (!row) throw validationError([{ path, message: "This brief has no finding with that id." }]);
  return row;
}

/** Resolving a finding that is no longer open (docs/contract.md#findings). */
export function findingNotOpen(brief: LockedBrief, finding: FindingRow): DomainError {
  return new DomainError("BRIEF_STATE_CONFLICT", `The finding is ${finding.status}, no longer open.`, {
    state: brief.row.state,
    allowedTransitions: allowedTransitions(brief.row.state),
    reason: "FINDING_NOT_OPEN",
    findingStatus: finding.status,
  });
}
