import { appOrigin } from "@/lib/config/app-origin";

/**
 * Where the app's own OAuth 2.1 authorization server lives. The issuer is the app's origin from
 * configuration (lib/config/app-origin.ts): clients compare it by exact string, so it is never
 * derived from a request.
 */
export const AUTHORIZE_PATH = "/oauth/authorize";
export const DECISION_PATH = "/oauth/authorize/decision";
export const TOKEN_PATH = "/api/oauth/token";
export const REGISTER_PATH = "/api/oauth/register";
export const REVOKE_PATH = "/api/oauth/revoke";

export function issuer(): string {
  return appOrigin();
}
