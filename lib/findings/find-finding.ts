import type { Sql } from "@/lib/db/sql";
import type { DomainError } from "@/lib/errors";
import { findLockedItem, itemNotOpen } from "@/lib/briefs/locked-item";
import type { LockedBrief } from "@/lib/briefs/lock-brief";

export type FindingRow = { id: string; status: string; data: unknown; createdAt: Date };

/**
 * A finding of the locked brief, as of the lock; an id it does not have (or a free-form note appended
 * to `findings`, which has no status) is VALIDATION_ERROR at `path`.
 */
export function findFinding(sql: Sql, briefId: string, id: string, path: string): Promise<FindingRow> {
  const columns = `id, status, data, "createdAt" AT TIME ZONE 'UTC' AS "createdAt"`;
  return findLockedItem<FindingRow>(sql, { noun: "finding", collection: "findings", briefId, id, path, columns, withStatus: true });
}

/** Resolving a finding that is no longer open (docs/contract.md#findings). */
export function findingNotOpen(brief: LockedBrief, finding: FindingRow): DomainError {
  return itemNotOpen(brief, "finding", finding.status);
}
