import { allScopes } from "@/lib/auth/scopes";
import { mcpResource } from "@/lib/config/mcp-resource";
import { issuer } from "./oauth-endpoints";

/**
 * RFC 9728 metadata of the MCP endpoint. The app is its own authorization server: clients that
 * cannot send a personal token discover it here and sign the person in with OAuth 2.1.
 */
export function protectedResourceMetadata() {
  return {
    resource: mcpResource(),
    authorization_servers: [issuer()],
    resource_name: "Briefs",
    scopes_supported: [...allScopes],
    bearer_methods_supported: ["header"],
  };
}
