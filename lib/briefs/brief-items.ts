import { uuid7 } from "@/lib/db/uuid7";
import type { WriteBatch } from "@/lib/db/write-batch";
import type { CollectionKey } from "./schema";

/** Collections kept in BriefItem; versions and approvals have tables of their own. */
type ItemCollection = Exclude<CollectionKey, "versions" | "approvals">;

type NewBriefItem = { id: string; briefId: string; seq: number; collection: ItemCollection; data: Record<string, unknown>; createdById: string | null; createdAt: Date };

/** `status` marks items the service writes with a meaning of its own (proposals, evidence, work orders, findings); null on free-form notes. */
export function insertBriefItem(
  batch: WriteBatch,
  item: { briefId: string; seq: number; collection: ItemCollection; data: Record<string, unknown>; createdById: string | null; now: Date; status?: string },
): NewBriefItem {
  const row = { id: uuid7(item.now.getTime()), briefId: item.briefId, seq: item.seq, collection: item.collection, data: item.data, createdById: item.createdById, createdAt: item.now };
  batch.add(`INSERT INTO "BriefItem" (id, "briefId", collection, seq, data, "createdById", "createdAt", status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
    row.id,
    row.briefId,
    row.collection,
    row.seq,
    JSON.stringify(row.data),
    row.createdById,
    row.createdAt.toISOString(),
    item.status ?? null,
  ]);
  return row;
}
