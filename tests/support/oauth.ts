import crypto from "node:crypto";
import { s256 } from "@/lib/oauth/pkce";
import { registerClient } from "@/lib/oauth/register-client";
import { resolveClient } from "@/lib/oauth/resolve-client";
import { approveAuthorization } from "@/lib/oauth/approve-authorization";
import { mcpResource } from "@/lib/config/mcp-resource";
import type { AuthorizationRequest } from "@/lib/oauth/authorization-request";
import type { Scope } from "@/lib/auth/scopes";
import type { OAuthClient } from "@/lib/generated/prisma/client";

export function newVerifier(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString("base64url");
  return { verifier, challenge: s256(verifier) };
}

/** A client registered the DCR way, as most tests need one. */
export async function registeredClient(overrides: Record<string, unknown> = {}): Promise<{ client: OAuthClient; secret?: string }> {
  const registration = await registerClient(
    { client_name: "Test agent", redirect_uris: ["http://127.0.0.1/callback"], ...overrides },
    `198.51.100.${crypto.randomInt(1, 250)}`,
  );
  const resolved = await resolveClient(String(registration.client_id));
  if (!resolved.ok) throw new Error(resolved.reason);
  return { client: resolved.client, secret: registration.client_secret as string | undefined };
}

/** What the consent page would have approved: a code for this person, client and challenge. */
export async function approvedCode(
  userId: string,
  client: OAuthClient,
  options: { scopes?: Scope[]; now?: Date } = {},
): Promise<{ code: string; verifier: string; request: AuthorizationRequest }> {
  const { verifier, challenge } = newVerifier();
  const request: AuthorizationRequest = {
    clientId: client.id,
    redirectUri: "http://127.0.0.1:40123/callback",
    state: "s",
    codeChallenge: challenge,
    scopes: ["brief:read", "brief:write"],
    resource: mcpResource(),
  };
  const code = await approveAuthorization(userId, request, options.scopes ?? ["brief:read", "brief:write"], options.now);
  return { code, verifier, request };
}
