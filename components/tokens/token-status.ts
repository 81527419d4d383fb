import type { ApiTokenView } from "@/lib/tokens/token-schema";

export type TokenStatus = "active" | "expired" | "revoked";

/** Revoked wins over expired: it is what the owner did, and it is permanent. */
export function tokenStatus(token: Pick<ApiTokenView, "revokedAt" | "expiresAt">, now: Date): TokenStatus {
  if (token.revokedAt) return "revoked";
  if (token.expiresAt && new Date(token.expiresAt) <= now) return "expired";
  return "active";
}
