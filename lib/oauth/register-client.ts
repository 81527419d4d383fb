import crypto from "node:crypto";
import { getPrisma } from "@/lib/db/client";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { rateLimitPolicy } from "@/lib/rate-limit/policy-in-force";
import type { Prisma } from "@/lib/generated/prisma/client";
import { describeIssues, registrationRequestSchema } from "./client-metadata-schema";
import { generateSecret, hashSecret } from "./client-secret";
import { OAuthError } from "./oauth-error";

type RegistrationResponse = Record<string, unknown>;

/**
 * Dynamic Client Registration (RFC 7591): open to anyone, limited per client address (rate-limit
 * policy `oauth-register-address`). Public clients and clients that ask for a secret
 * (`client_secret_post`/`_basic`, as Claude's hosted connector does) are accepted; the secret is returned once and stored as a hash. Self-asserted metadata is never
 * trusted: the consent page labels these clients unverified.
 */
export async function registerClient(body: unknown, address: string, now = new Date()): Promise<RegistrationResponse> {
  const parsed = registrationRequestSchema.safeParse(body);
  if (!parsed.success) {
    const redirectProblem = parsed.error.issues.some((i) => i.path[0] === "redirect_uris");
    throw new OAuthError(redirectProblem ? "invalid_redirect_uri" : "invalid_client_metadata", describeIssues(parsed.error));
  }
  const request = parsed.data;
  const limit = await consumeRateLimit(rateLimitPolicy("oauth-register-address"), address);
  if (!limit.allowed) throw new OAuthError("too_many_requests", "Too many client registrations; try again later.", 429, limit.retryAfterSeconds);
  const prisma = await getPrisma();

  const clientId = crypto.randomBytes(16).toString("base64url");
  const secret = request.token_endpoint_auth_method === "none" ? null : generateSecret("clientSecret");
  const grantTypes = request.grant_types ?? ["authorization_code", "refresh_token"];
  const name = request.client_name ?? null;
  await prisma.oAuthClient.create({
    data: {
      id: clientId,
      kind: "dcr",
      name: name ?? "Unnamed application",
      redirectUris: request.redirect_uris,
      grantTypes,
      authMethod: request.token_endpoint_auth_method,
      secretHash: secret ? hashSecret(secret) : null,
      applicationType: request.application_type ?? null,
      clientUri: request.client_uri ?? null,
      metadata: request as Prisma.InputJsonValue,
      createdIp: address,
      createdAt: now,
    },
  });
  return {
    client_id: clientId,
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    ...(secret && { client_secret: secret, client_secret_expires_at: 0 }),
    ...(name && { client_name: name }),
    redirect_uris: request.redirect_uris,
    grant_types: grantTypes,
    response_types: ["code"],
    token_endpoint_auth_method: request.token_endpoint_auth_method,
    ...(request.application_type && { application_type: request.application_type }),
    ...(request.client_uri && { client_uri: request.client_uri }),
  };
}
