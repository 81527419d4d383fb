import { toApprovalItem } from "@/lib/briefs/approval-item";
import type { Approval, ProjectRole } from "@/lib/generated/prisma/client";
import type { ReaderPart } from "./page-data-wire";

/**
 * The SQL for a reader's live approval of brief `b` as one JSON value, for the member joined as `m`:
 * what the page data's own part needs beside the role. Dates are written as ISO text, so both
 * databases give the same shape.
 */
export const LIVE_APPROVAL_SQL = `(SELECT row_to_json(a) FROM (
    SELECT id, "briefId", seq, "userId", "versionNum", "approvalHash", "approvedBy", stale, "staledAtVersionNum",
           to_char("createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
      FROM "Approval" WHERE "briefId" = b.id AND "userId" = m."userId" AND stale = false LIMIT 1) a)`;

/** A reader's own part from their role and the value LIVE_APPROVAL_SQL read (JSON text on some drivers). */
export function toReaderPart(role: ProjectRole, approval: Record<string, unknown> | string | null): ReaderPart {
  const row = typeof approval === "string" ? (JSON.parse(approval) as Record<string, unknown>) : approval;
  return {
    yourRole: role,
    yourLiveApproval: row ? toApprovalItem({ ...(row as unknown as Approval), createdAt: new Date(String(row.createdAt)) }) : null,
  };
}
