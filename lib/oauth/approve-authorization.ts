import { getPrisma } from "@/lib/db/client";
import { transactionOptions } from "@/lib/db/transaction";
import type { Scope } from "@/lib/auth/scopes";
import type { AuthorizationRequest } from "./authorization-request";
import { generateSecret, hashSecret } from "./client-secret";
import { withImpliedRead } from "./oauth-scopes";
import { AUTHORIZATION_CODE_TTL_MS } from "./token-lifetimes";

/**
 * The person said yes: record (or renew) their grant to this client and mint a one-time
 * authorization code for the scopes they chose, which may be fewer than the client asked for.
 */
export async function approveAuthorization(
  userId: string,
  request: AuthorizationRequest,
  chosen: readonly Scope[],
  now = new Date(),
): Promise<string> {
  // brief:write includes brief:propose: a person may grant only "suggest" to a client that asked to
  // write, and a grant that writes does not list what it includes.
  const allowed = chosen.filter((s) => request.scopes.includes(s) || (s === "brief:propose" && request.scopes.includes("brief:write")));
  const scopes = withImpliedRead(allowed.includes("brief:write") ? allowed.filter((s) => s !== "brief:propose") : allowed);
  if (scopes.length === 0) throw new Error("At least one requested scope must be granted.");
  const code = generateSecret("authorizationCode");
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    const key = { userId_clientId_resource: { userId, clientId: request.clientId, resource: request.resource } };
    const existing = await tx.oAuthGrant.findUnique({ where: key });
    const grant = !existing
      ? await tx.oAuthGrant.create({ data: { userId, clientId: request.clientId, resource: request.resource, scopes, createdAt: now } })
      : await tx.oAuthGrant.update({
          where: { id: existing.id },
          // A revoked grant starts over; a live one keeps what its existing tokens may still use.
          data: existing.revokedAt
            ? { revokedAt: null, scopes, createdAt: now, lastUsedAt: null }
            : { scopes: withImpliedRead([...existing.scopes, ...scopes] as Scope[]) },
        });
    await tx.oAuthAuthorizationCode.create({
      data: {
        codeHash: hashSecret(code),
        grantId: grant.id,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        scopes,
        resource: request.resource,
        expiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_TTL_MS),
        createdAt: now,
      },
    });
  }, transactionOptions);
  return code;
}
