import { authenticateClient, readClientCredentials } from "@/lib/oauth/authenticate-client";
import { exchangeAuthorizationCode } from "@/lib/oauth/exchange-authorization-code";
import { OAuthError } from "@/lib/oauth/oauth-error";
import { oauthEndpoint } from "@/lib/oauth/oauth-endpoint";
import { oauthJson, preflightResponse, readForm } from "@/lib/oauth/oauth-http";
import { refreshTokens } from "@/lib/oauth/refresh-tokens";

// The token endpoint: authorization codes (with PKCE) and rotating refresh tokens.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = oauthEndpoint("oauth token", async (request) => {
  const form = await readForm(request);
  const credentials = readClientCredentials(request.headers.get("authorization"), form);
  if (credentials instanceof OAuthError) throw credentials;
  const client = await authenticateClient(credentials);
  const grantType = form.get("grant_type");
  if (grantType === "authorization_code") {
    const tokens = await exchangeAuthorizationCode(client, {
      code: form.get("code"),
      redirectUri: form.get("redirect_uri"),
      codeVerifier: form.get("code_verifier"),
      resource: form.get("resource"),
    });
    return oauthJson(tokens);
  }
  if (grantType === "refresh_token") {
    if (!client.grantTypes.includes("refresh_token")) throw new OAuthError("unauthorized_client", "The client did not register the refresh_token grant.");
    const tokens = await refreshTokens(client, { refreshToken: form.get("refresh_token"), scope: form.get("scope"), resource: form.get("resource") });
    return oauthJson(tokens);
  }
  throw grantType
    ? new OAuthError("unsupported_grant_type", "Supported grant types: authorization_code, refresh_token.")
    : new OAuthError("invalid_request", "grant_type is required.");
});

export function OPTIONS(): Response {
  return preflightResponse();
}
