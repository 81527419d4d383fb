import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { findReadableBrief } from "@/lib/briefs/find-readable-brief";
import { SUPPRESSIONS_COLLECTION, suppressionOf } from "./quality-context";
import type { QualitySuppression } from "./suppressions";

/** Every suppression made on the brief, oldest first; those whose item changed have lapsed and simply match nothing. */
export async function listSuppressions(actor: Actor, briefId: string): Promise<QualitySuppression[]> {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  const { row } = await findReadableBrief(prisma, actor, briefId);
  const items = await prisma.briefItem.findMany({ where: { briefId: row.id, collection: SUPPRESSIONS_COLLECTION }, orderBy: { seq: "asc" } });
  return items.map((item) => suppressionOf({ id: item.id, data: item.data as Record<string, unknown>, createdAt: item.createdAt }));
}
