import type { Approval } from "@/lib/generated/prisma/client";
import type { ApprovalItem } from "./result-schemas";

export function toApprovalItem(row: Approval): ApprovalItem {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    versionNum: row.versionNum,
    approvalHash: row.approvalHash,
    approvedBy: row.approvedBy,
    stale: row.stale,
    staledAtVersionNum: row.staledAtVersionNum,
  };
}
