import { getPrisma } from "@/lib/db/client";
import { transactionOptions } from "@/lib/db/transaction";
import type { OAuthClient } from "@/lib/generated/prisma/client";
import { hashSecret, looksLike } from "./client-secret";
import { issueTokenPair, revokeGrantTokens, type TokenResponse } from "./issue-token-pair";
import { OAuthError } from "./oauth-error";
import { narrowedScopes } from "./oauth-scopes";
import { canonicalResource } from "./resource-indicator";
import { REFRESH_REUSE_GRACE_MS } from "./token-lifetimes";

type RefreshRequest = { refreshToken: string | null; scope: string | null; resource: string | null };

const invalidGrant = (description: string) => new OAuthError("invalid_grant", description);

/**
 * `grant_type=refresh_token`, rotating: every use returns a new refresh token and retires the old
 * one. A retired token presented again after a short grace (concurrent refreshes of one client)
 * means two parties hold it, so the whole grant is revoked and the person must sign in again.
 */
export async function refreshTokens(client: OAuthClient, input: RefreshRequest, now = new Date()): Promise<TokenResponse> {
  if (!input.refreshToken) throw new OAuthError("invalid_request", "refresh_token is required.");
  if (!looksLike("refreshToken", input.refreshToken)) throw invalidGrant("The refresh token is unknown.");
  const tokenHash = hashSecret(input.refreshToken);
  const prisma = await getPrisma();

  const outcome = await prisma.$transaction(async (tx) => {
    const token = await tx.oAuthToken.findUnique({ where: { tokenHash }, include: { grant: true } });
    if (!token || token.kind !== "refresh") throw invalidGrant("The refresh token is unknown.");
    if (token.grant.clientId !== client.id) throw invalidGrant("The refresh token was issued to another client.");
    if (token.revokedAt || token.grant.revokedAt) throw invalidGrant("The refresh token was revoked.");
    if (token.expiresAt <= now || (token.familyExpiresAt && token.familyExpiresAt <= now)) throw invalidGrant("The refresh token expired.");
    if (input.resource !== null && canonicalResource(input.resource) !== token.resource) {
      throw new OAuthError("invalid_target", `The refresh token is for ${token.resource}.`);
    }
    const scopes = narrowedScopes(input.scope ?? undefined, token.scopes);
    if (!scopes || scopes.length === 0) throw new OAuthError("invalid_scope", "A refresh can only keep or narrow the granted scopes.");

    if (token.rotatedAt === null) {
      // Retire it atomically: a concurrent refresh that loses this race lands in the grace branch.
      await tx.oAuthToken.updateMany({ where: { tokenHash, rotatedAt: null }, data: { rotatedAt: now } });
    } else if (now.getTime() - token.rotatedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
      await revokeGrantTokens(tx, token.grantId, now);
      return { reused: true as const };
    }
    const tokens = await issueTokenPair(
      tx,
      { grantId: token.grantId, familyId: token.familyId, scopes, resource: token.resource, familyExpiresAt: token.familyExpiresAt ?? undefined },
      true,
      now,
    );
    return { reused: false as const, tokens };
  }, transactionOptions);
  if (outcome.reused) throw invalidGrant("The refresh token was already used; the authorization is revoked. Sign in again.");
  return outcome.tokens;
}
