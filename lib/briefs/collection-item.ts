import type { BriefItem } from "@/lib/generated/prisma/client";

export type CollectionItem = Record<string, unknown> & { id: string; createdAt: string };

/** The stored keys first, then the server's: `id` and `createdAt` always win over a caller's own. */
export function toCollectionItem(row: Pick<BriefItem, "id" | "createdAt"> & { data: unknown }): CollectionItem {
  return { ...(row.data as Record<string, unknown>), id: row.id, createdAt: row.createdAt.toISOString() };
}
