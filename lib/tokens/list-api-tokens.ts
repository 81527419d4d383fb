import { getPrisma } from "@/lib/db/client";
import type { Actor } from "@/lib/auth/actor";
import type { ApiTokenView } from "./token-schema";
import { toTokenView } from "./to-token-view";

export async function listApiTokens(actor: Actor): Promise<ApiTokenView[]> {
  const prisma = await getPrisma();
  const rows = await prisma.apiToken.findMany({
    where: { userId: actor.userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(toTokenView);
}
