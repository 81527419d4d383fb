/** The snippet an MCP client (Claude Code, Cursor, VS Code…) takes to reach Briefs over Streamable HTTP. */
export function mcpClientConfig(mcpUrl: string, token: string): string {
  const config = { mcpServers: { briefs: { type: "http", url: mcpUrl, headers: { Authorization: `Bearer ${token}` } } } };
  return JSON.stringify(config, null, 2);
}
