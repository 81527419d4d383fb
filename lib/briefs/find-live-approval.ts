import type { Tx } from "@/lib/db/transaction";
import { toApprovalItem } from "./approval-item";
import type { ApprovalItem } from "./result-schemas";

/** A person's live approval of a brief: at most one, matched by who they are, not by their label. */
export async function findLiveApproval(tx: Tx, briefId: string, userId: string): Promise<ApprovalItem | null> {
  const approval = await tx.approval.findFirst({ where: { briefId, userId, stale: false } });
  return approval ? toApprovalItem(approval) : null;
}
