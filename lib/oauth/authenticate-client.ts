import type { OAuthClient } from "@/lib/generated/prisma/client";
import { secretMatchesHash } from "./client-secret";
import { OAuthError } from "./oauth-error";
import { findKnownClient } from "./resolve-client";

type ClientCredentials = { clientId: string | null; clientSecret: string | null };

/**
 * Client credentials of a token or revocation request: `client_secret_basic` (the Authorization
 * header, RFC 6749 §2.3.1) or the form body (`client_secret_post`, or `none` with just client_id).
 */
export function readClientCredentials(authorization: string | null, form: URLSearchParams): ClientCredentials | OAuthError {
  const basic = authorization && /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
  if (authorization && !basic) return new OAuthError("invalid_client", "Unsupported client authentication.", 401);
  if (basic) {
    const decoded = Buffer.from(basic[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return new OAuthError("invalid_client", "Malformed Basic credentials.", 401);
    try {
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")),
        clientSecret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")),
      };
    } catch {
      return new OAuthError("invalid_client", "Malformed Basic credentials.", 401);
    }
  }
  return { clientId: form.get("client_id"), clientSecret: form.get("client_secret") };
}

/**
 * The client a request comes from. Public clients prove nothing beyond their id (PKCE protects
 * their codes); clients registered with a secret must present it, in either style.
 */
export async function authenticateClient(credentials: ClientCredentials): Promise<OAuthClient> {
  if (!credentials.clientId) throw new OAuthError("invalid_client", "client_id is required.", 401);
  const client = await findKnownClient(credentials.clientId);
  if (!client) throw new OAuthError("invalid_client", "Unknown client.", 401);
  if (client.secretHash) {
    if (!credentials.clientSecret || !secretMatchesHash(credentials.clientSecret, client.secretHash)) {
      throw new OAuthError("invalid_client", "Client authentication failed.", 401);
    }
  }
  return client;
}
