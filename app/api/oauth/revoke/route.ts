import { authenticateClient, readClientCredentials } from "@/lib/oauth/authenticate-client";
import { OAuthError } from "@/lib/oauth/oauth-error";
import { oauthEndpoint } from "@/lib/oauth/oauth-endpoint";
import { oauthJson, preflightResponse, readForm } from "@/lib/oauth/oauth-http";
import { revokeOAuthToken } from "@/lib/oauth/revoke-oauth-token";

// Token revocation (RFC 7009): 200 whether or not the token was known.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = oauthEndpoint("oauth revoke", async (request) => {
  const form = await readForm(request);
  const credentials = readClientCredentials(request.headers.get("authorization"), form);
  if (credentials instanceof OAuthError) throw credentials;
  const client = await authenticateClient(credentials);
  const token = form.get("token");
  if (!token) throw new OAuthError("invalid_request", "token is required.");
  await revokeOAuthToken(client, token);
  return oauthJson({});
});

export function OPTIONS(): Response {
  return preflightResponse();
}
