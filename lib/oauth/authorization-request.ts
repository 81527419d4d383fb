import type { OAuthClient } from "@/lib/generated/prisma/client";
import type { Scope } from "@/lib/auth/scopes";
import { mcpResource } from "@/lib/config/mcp-resource";
import { issuer } from "./oauth-endpoints";
import { requestedScopes } from "./oauth-scopes";
import { isS256Challenge } from "./pkce";
import { redirectUriMatches } from "./redirect-uri";
import { canonicalResource } from "./resource-indicator";
import { resolveClient } from "./resolve-client";

/** A validated authorization request: everything the consent page shows and the decision needs. */
export type AuthorizationRequest = {
  clientId: string;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  scopes: Scope[];
  resource: string;
};

type AuthorizationCheck =
  /** The client or its redirect URI cannot be trusted: show an error page, never redirect. */
  | { kind: "error-page"; message: string }
  /** The redirect URI is the client's: errors go back to it (RFC 6749 §4.1.2.1), with `iss`. */
  | { kind: "redirect"; location: string }
  | { kind: "ok"; request: AuthorizationRequest; client: OAuthClient };

const SINGLE_VALUED = ["client_id", "redirect_uri", "response_type", "state", "code_challenge", "code_challenge_method", "scope", "resource"];
const STATE_MAX = 1000;

/**
 * Checks an authorization request in the order that keeps redirects safe: first the client and
 * the redirect URI (failures render an error page); only then the rest, whose failures are sent
 * back to the client's redirect URI with `state` and `iss`.
 */
export async function checkAuthorizationRequest(params: URLSearchParams): Promise<AuthorizationCheck> {
  for (const name of ["client_id", "redirect_uri"]) {
    if (params.getAll(name).length > 1) return { kind: "error-page", message: `The request repeats the ${name} parameter.` };
  }
  const clientId = params.get("client_id");
  if (!clientId) return { kind: "error-page", message: "The request names no application (client_id is missing)." };
  const resolved = await resolveClient(clientId);
  if (!resolved.ok) return { kind: "error-page", message: resolved.reason };
  const client = resolved.client;

  const askedRedirect = params.get("redirect_uri");
  const redirectUri = askedRedirect ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : null);
  if (!redirectUri) return { kind: "error-page", message: "The request has no redirect_uri, and the application registered several." };
  if (!redirectUriMatches(redirectUri, client.redirectUris)) {
    return { kind: "error-page", message: "The redirect_uri is not one the application registered, so Briefs will not send you there." };
  }

  const state = params.get("state");
  const back = (error: string, description: string) => ({
    kind: "redirect" as const,
    location: authorizationResponseUrl(redirectUri, { error, error_description: description, state: state && state.length <= STATE_MAX ? state : null }),
  });
  const repeated = SINGLE_VALUED.find((name) => params.getAll(name).length > 1);
  if (repeated) return back("invalid_request", `The ${repeated} parameter is repeated.`);
  if (state !== null && state.length > STATE_MAX) return back("invalid_request", `state is longer than ${STATE_MAX} characters.`);

  const responseType = params.get("response_type");
  if (!responseType) return back("invalid_request", "response_type is required.");
  if (responseType !== "code") return back("unsupported_response_type", "Only the authorization code flow (response_type=code) is supported.");
  if (!client.grantTypes.includes("authorization_code")) return back("unauthorized_client", "The application did not register the authorization_code grant.");

  const challenge = params.get("code_challenge");
  const method = params.get("code_challenge_method");
  if (!challenge) return back("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256.");
  if (method !== "S256") return back("invalid_request", "Only the S256 code_challenge_method is supported.");
  if (!isS256Challenge(challenge)) return back("invalid_request", "code_challenge must be 43 base64url characters (S256).");

  const ours = mcpResource();
  const askedResource = params.get("resource");
  if (askedResource !== null && canonicalResource(askedResource) !== ours) {
    return back("invalid_target", `This server issues tokens only for ${ours}.`);
  }

  const scopes = requestedScopes(params.get("scope") ?? undefined);
  if (!scopes) return back("invalid_scope", "None of the requested scopes exist; the scopes are brief:read and brief:write.");

  return { kind: "ok", client, request: { clientId: client.id, redirectUri, state, codeChallenge: challenge, scopes, resource: ours } };
}

/** The client's redirect URI with response parameters added, always including our `iss` (RFC 9207). */
export function authorizationResponseUrl(redirectUri: string, values: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(values)) if (value !== null) url.searchParams.set(name, value);
  url.searchParams.set("iss", issuer());
  return url.toString();
}
