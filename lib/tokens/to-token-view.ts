import type { ApiToken } from "@/lib/generated/prisma/client";
import type { ApiTokenView } from "./token-schema";

export function toTokenView(row: ApiToken): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
