import type { Approval } from "@/lib/generated/prisma/client";

export type ApprovalItem = {
  id: string;
  createdAt: string;
  versionNum: number;
  approvalHash: string;
  approvedBy: string;
  stale: boolean;
  staledAtVersionNum: number | null;
};

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
