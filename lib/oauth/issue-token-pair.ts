import type { Tx } from "@/lib/db/transaction";
import { generateSecret, hashSecret } from "./client-secret";
import { maybePurgeExpiredOAuthRows } from "./purge-expired-oauth-rows";
import { ACCESS_TOKEN_TTL_MS, REFRESH_FAMILY_MAX_MS, REFRESH_TOKEN_IDLE_MS } from "./token-lifetimes";

export type TokenResponse = {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  scope: string;
  refresh_token?: string;
};

type Family = { grantId: string; familyId: string; scopes: string[]; resource: string; familyExpiresAt?: Date };

/**
 * Mints an access token, and a refresh token when the client uses refresh, for one family (all
 * tokens descended from one authorization code). Only their hashes are stored.
 */
export async function issueTokenPair(tx: Tx, family: Family, withRefresh: boolean, now: Date): Promise<TokenResponse> {
  await maybePurgeExpiredOAuthRows(tx, now);
  const accessToken = generateSecret("accessToken");
  const common = { grantId: family.grantId, familyId: family.familyId, scopes: family.scopes, resource: family.resource, createdAt: now };
  await tx.oAuthToken.create({
    data: { ...common, tokenHash: hashSecret(accessToken), kind: "access", expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_MS) },
  });
  const response: TokenResponse = {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: Math.floor(ACCESS_TOKEN_TTL_MS / 1000),
    scope: family.scopes.join(" "),
  };
  if (!withRefresh) return response;
  const familyExpiresAt = family.familyExpiresAt ?? new Date(now.getTime() + REFRESH_FAMILY_MAX_MS);
  const idleExpiry = new Date(now.getTime() + REFRESH_TOKEN_IDLE_MS);
  const refreshToken = generateSecret("refreshToken");
  await tx.oAuthToken.create({
    data: {
      ...common,
      tokenHash: hashSecret(refreshToken),
      kind: "refresh",
      expiresAt: idleExpiry < familyExpiresAt ? idleExpiry : familyExpiresAt,
      familyExpiresAt,
    },
  });
  return { ...response, refresh_token: refreshToken };
}

/** Ends every token of a grant at once (revocation by the person, or a stolen refresh token detected). */
export async function revokeGrantTokens(tx: Tx, grantId: string, now: Date): Promise<void> {
  await tx.oAuthGrant.update({ where: { id: grantId }, data: { revokedAt: now } });
  await tx.oAuthToken.updateMany({ where: { grantId, revokedAt: null }, data: { revokedAt: now } });
}
