import type { Tx } from "@/lib/db/transaction";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { CollectionKey } from "./schema";

/** Collections kept in BriefItem; versions and approvals have tables of their own. */
type ItemCollection = Exclude<CollectionKey, "versions" | "approvals">;

export async function insertBriefItem(
  tx: Tx,
  item: { briefId: string; seq: number; collection: ItemCollection; data: Record<string, unknown>; createdById: string; now: Date },
) {
  return tx.briefItem.create({
    data: {
      briefId: item.briefId,
      collection: item.collection,
      seq: item.seq,
      data: item.data as Prisma.InputJsonValue,
      createdById: item.createdById,
      createdAt: item.now,
    },
  });
}
