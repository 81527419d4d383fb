import type { Actor } from "@/lib/auth/actor";
import { authenticateApiToken } from "@/lib/tokens/authenticate-api-token";
import { unauthorizedResponse } from "./http-answers";

const BEARER = /^Bearer +(\S+) *$/i;

/** The MCP door's gate: `Authorization: Bearer <token>` → the Actor the token acts for, or the 401 answer. */
export async function authenticateBearer(request: Request): Promise<{ actor: Actor; token: string } | Response> {
  const header = request.headers.get("authorization");
  if (header === null || header.trim() === "") return unauthorizedResponse("An API token is required: send Authorization: Bearer <token>.");
  const token = BEARER.exec(header)?.[1];
  if (!token) return unauthorizedResponse("The Authorization header must be: Bearer <token>.");
  const actor = await authenticateApiToken(token);
  if (!actor) return unauthorizedResponse("The API token is unknown, expired or revoked.");
  return { actor, token };
}
