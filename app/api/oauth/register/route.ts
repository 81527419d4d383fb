import { oauthEndpoint } from "@/lib/oauth/oauth-endpoint";
import { clientAddressOf } from "@/lib/server/client-address";
import { oauthJson, preflightResponse, readJson } from "@/lib/oauth/oauth-http";
import { registerClient } from "@/lib/oauth/register-client";

// Dynamic Client Registration (RFC 7591), for clients that do not publish a metadata document.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = oauthEndpoint("oauth register", async (request) => {
  const registration = await registerClient(await readJson(request), clientAddressOf(request.headers));
  return oauthJson(registration, 201);
});

export function OPTIONS(): Response {
  return preflightResponse();
}
