import type { Tx } from "@/lib/db/transaction";
import { encodeCursor } from "@/lib/paging/cursor";
import { toApprovalItem } from "./approval-item";
import { toCollectionItem } from "./collection-item";
import { toProposalItem } from "@/lib/proposals/proposal-item";
import type { CollectionKey } from "./schema";
import { changedSectionsOf } from "./version-store";

export type CollectionPage = { items: Record<string, unknown>[]; nextCursor: string | null };

export function collectionCursorScope(briefId: string, collection: CollectionKey): string {
  return `brief:${briefId}:${collection}`;
}

/**
 * One page of a collection, newest first by the per-brief insertion sequence. Items inserted
 * during a traversal get higher numbers than any cursor, so they never shift the pages after it.
 */
export async function collectionPage(
  tx: Tx,
  briefId: string,
  collection: CollectionKey,
  beforeSeq: number | undefined,
  limit: number,
): Promise<CollectionPage> {
  const where = { briefId, ...(beforeSeq !== undefined && { seq: { lt: beforeSeq } }) };
  const take = limit + 1;
  const orderBy = { seq: "desc" as const };
  let rows: Array<{ seq: number; item: Record<string, unknown> }>;
  if (collection === "versions") {
    const versions = await tx.briefVersion.findMany({ where, orderBy, take, omit: { sections: true } });
    const changed = await changedSectionsOf(tx, briefId, versions.slice(0, limit).map((v) => v.versionNum));
    rows = versions.map((v) => ({
      seq: v.seq,
      item: {
        id: v.id,
        createdAt: v.createdAt.toISOString(),
        versionNum: v.versionNum,
        hash: v.hash,
        createdBy: v.createdBy,
        via: v.via,
        ...(v.baseline && { baseline: true }),
        ...(v.restoredFrom !== null && { restoredFrom: v.restoredFrom }),
        ...(v.proposalId !== null && { proposalId: v.proposalId, proposedBy: v.proposedBy }),
        ...(v.source !== null && { importedFrom: v.source }),
        changedSections: changed.get(v.versionNum) ?? [],
      },
    }));
  } else if (collection === "approvals") {
    const approvals = await tx.approval.findMany({ where, orderBy, take });
    rows = approvals.map((a) => ({ seq: a.seq, item: toApprovalItem(a) }));
  } else if (collection === "proposals") {
    const proposals = await tx.briefItem.findMany({ where: { ...where, collection }, orderBy, take });
    rows = proposals.map((p) => ({ seq: p.seq, item: toProposalItem(p) }));
  } else {
    const items = await tx.briefItem.findMany({ where: { ...where, collection }, orderBy, take });
    rows = items.map((i) => ({ seq: i.seq, item: toCollectionItem(i) }));
  }
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => r.item),
    nextCursor: rows.length > limit && last ? encodeCursor(collectionCursorScope(briefId, collection), last.seq) : null,
  };
}
