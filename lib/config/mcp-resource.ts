import { appOrigin } from "./app-origin";

/** Paths of the MCP endpoint and its RFC 9728 metadata document. */
const MCP_PATH = "/api/mcp";
const PROTECTED_RESOURCE_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;

/** The MCP endpoint's canonical URI: the `resource` of its metadata and the audience of OAuth tokens (RFC 8707). */
export function mcpResource(): string {
  return `${appOrigin()}${MCP_PATH}`;
}

export function protectedResourceMetadataUrl(): string {
  return `${appOrigin()}${PROTECTED_RESOURCE_PATH}`;
}
