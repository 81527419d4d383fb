import { getPrisma } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { Actor } from "@/lib/auth/actor";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { createTokenInputSchema, TOKEN_EXPIRY_MAX_DAYS, type ApiTokenView, type CreateTokenInput } from "./token-schema";
import { generateTokenSecret, hashTokenSecret } from "./token-secret";
import { toTokenView } from "./to-token-view";

/** Creates a token acting for the actor's user. The secret is returned here once and never again. */
export async function createApiToken(
  actor: Actor,
  input: CreateTokenInput,
): Promise<{ token: string; apiToken: ApiTokenView }> {
  if (actor.door === "mcp") throw new DomainError("PROJECT_ACCESS_DENIED", "Tokens cannot create tokens.");
  const { name, scopes, expiresAt } = parseOrThrow(createTokenInputSchema, input);
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw new DomainError("VALIDATION_ERROR", "The expiry must be in the future.", {
      issues: [{ path: "expiresAt", message: "must be in the future" }],
    });
  }
  if (expiresAt && expiresAt.getTime() > Date.now() + TOKEN_EXPIRY_MAX_DAYS * 86_400_000) {
    throw new DomainError("VALIDATION_ERROR", `The expiry must be within ${TOKEN_EXPIRY_MAX_DAYS} days.`, {
      issues: [{ path: "expiresAt", message: `must be within ${TOKEN_EXPIRY_MAX_DAYS} days` }],
    });
  }
  const token = generateTokenSecret();
  const prisma = await getPrisma();
  const row = await prisma.apiToken.create({
    data: { userId: actor.userId, name, scopes, expiresAt: expiresAt ?? null, tokenHash: hashTokenSecret(token) },
  });
  return { token, apiToken: toTokenView(row) };
}
