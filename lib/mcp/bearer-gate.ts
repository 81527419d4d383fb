import type { Actor } from "@/lib/auth/actor";
import { authenticateApiToken } from "@/lib/tokens/authenticate-api-token";
import { authenticateAccessToken, isOAuthAccessToken } from "@/lib/oauth/authenticate-access-token";
import { unauthorizedResponse } from "./http-answers";

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * The MCP door's gate: `Authorization: Bearer <token>` → the Actor the token acts for, or the 401
 * answer. A personal API token or an OAuth access token issued for this endpoint; OAuth tokens are
 * accepted here and nowhere else.
 */
export async function authenticateBearer(request: Request): Promise<{ actor: Actor; token: string } | Response> {
  const header = request.headers.get("authorization");
  if (header === null || header.trim() === "") {
    return unauthorizedResponse("A token is required: connect with OAuth, or send Authorization: Bearer <API token>.");
  }
  const token = BEARER.exec(header)?.[1];
  if (!token) return unauthorizedResponse("The Authorization header must be: Bearer <token>.");
  const actor = isOAuthAccessToken(token) ? await authenticateAccessToken(token) : await authenticateApiToken(token);
  if (!actor) return unauthorizedResponse("The token is unknown, expired or revoked.");
  return { actor, token };
}
