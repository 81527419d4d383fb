import { getPrisma } from "@/lib/db/client";
import { transactionOptions } from "@/lib/db/transaction";
import type { OAuthClient } from "@/lib/generated/prisma/client";
import { hashSecret } from "./client-secret";
import { issueTokenPair, type TokenResponse } from "./issue-token-pair";
import { OAuthError } from "./oauth-error";
import { verifierMatches } from "./pkce";
import { canonicalResource } from "./resource-indicator";

type CodeExchange = { code: string | null; redirectUri: string | null; codeVerifier: string | null; resource: string | null };

const invalidGrant = (description: string) => new OAuthError("invalid_grant", description);

/**
 * `grant_type=authorization_code`: a code is good once, for one minute, for the client it was
 * issued to, with the same redirect URI and the PKCE verifier of its challenge. A code presented a
 * second time means it leaked: every token already issued from it is revoked (OAuth 2.1 §4.1.3).
 */
export async function exchangeAuthorizationCode(client: OAuthClient, input: CodeExchange, now = new Date()): Promise<TokenResponse> {
  if (!input.code) throw new OAuthError("invalid_request", "code is required.");
  if (!input.codeVerifier) throw new OAuthError("invalid_request", "code_verifier is required (PKCE).");
  const codeHash = hashSecret(input.code);
  const prisma = await getPrisma();

  return prisma.$transaction(async (tx) => {
    // Consumed first and atomically: of two concurrent exchanges, exactly one wins.
    const consumed = await tx.oAuthAuthorizationCode.updateMany({
      where: { codeHash, consumedAt: null, expiresAt: { gt: now } },
      data: { consumedAt: now },
    });
    const code = await tx.oAuthAuthorizationCode.findUnique({ where: { codeHash }, include: { grant: true } });
    if (consumed.count === 0) {
      if (code?.consumedAt) {
        await tx.oAuthToken.updateMany({ where: { familyId: codeHash, revokedAt: null }, data: { revokedAt: now } });
        return { replayed: true as const };
      }
      throw invalidGrant("The authorization code is unknown or expired.");
    }
    if (!code || code.grant.clientId !== client.id) throw invalidGrant("The authorization code was issued to another client.");
    if (code.grant.revokedAt) throw invalidGrant("The authorization was revoked.");
    if (input.redirectUri !== null && input.redirectUri !== code.redirectUri) {
      throw invalidGrant("redirect_uri differs from the one of the authorization request.");
    }
    if (!verifierMatches(input.codeVerifier!, code.codeChallenge)) throw invalidGrant("The code_verifier does not match the code_challenge.");
    if (input.resource !== null && canonicalResource(input.resource) !== code.resource) {
      throw new OAuthError("invalid_target", `The code was issued for ${code.resource}.`);
    }
    const tokens = await issueTokenPair(
      tx,
      { grantId: code.grantId, familyId: codeHash, scopes: code.scopes, resource: code.resource },
      client.grantTypes.includes("refresh_token"),
      now,
    );
    return { replayed: false as const, tokens };
  }, transactionOptions).then((outcome) => {
    // Outside the transaction so the revocation above commits before the error is answered.
    if (outcome.replayed) throw invalidGrant("The authorization code was already used; tokens issued from it are revoked.");
    return outcome.tokens;
  });
}
