import { env } from "@/lib/config/env";
import { allScopes } from "@/lib/auth/scopes";

export const MCP_PATH = "/api/mcp";
export const PROTECTED_RESOURCE_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;

/** The app's public origin, from configuration only: request headers (Host, X-Forwarded-*) can be spoofed. */
export function publicOrigin(): string {
  return new URL(env().APP_URL).origin;
}

export function protectedResourceMetadataUrl(): string {
  return `${publicOrigin()}${PROTECTED_RESOURCE_PATH}`;
}

/**
 * RFC 9728 metadata of the MCP endpoint. No `authorization_servers`: tokens are issued by the app
 * itself (Settings → API tokens, or the admin command), not by an OAuth authorization server.
 */
export function protectedResourceMetadata() {
  return {
    resource: `${publicOrigin()}${MCP_PATH}`,
    resource_name: "Briefs",
    scopes_supported: [...allScopes],
    bearer_methods_supported: ["header"],
  };
}
