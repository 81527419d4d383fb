import { createMcpHandler } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { allScopes } from "@/lib/auth/scopes";
import { createMcpServer, usesResourcesOrPrompts } from "./create-mcp-server";

const actor: Actor = { userId: "u", email: "u@example.test", label: "u", door: "mcp", scopes: allScopes };

async function capabilities(resourcesAndPrompts: boolean): Promise<Record<string, unknown>> {
  const handler = createMcpHandler(() => createMcpServer(actor, { resourcesAndPrompts }));
  const init = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "test", version: "1" } };
  const response = await handler.fetch(
    new Request("http://localhost/api/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: init }),
    }),
  );
  const data = (await response.text()).split("\n").find((line) => line.startsWith("data: "))!;
  return JSON.parse(data.slice("data: ".length)).result.capabilities;
}

describe("the per-request MCP server", () => {
  it("registers resources and prompts only for requests that may use them", () => {
    expect(usesResourcesOrPrompts({ method: "tools/call" })).toBe(false);
    expect(usesResourcesOrPrompts({ method: "initialize" })).toBe(false);
    expect(usesResourcesOrPrompts([{ method: "tools/list" }, { method: "prompts/get" }])).toBe(true);
    expect(usesResourcesOrPrompts({ method: "resources/read" })).toBe(true);
    expect(usesResourcesOrPrompts({ method: "completion/complete" })).toBe(true);
    expect(usesResourcesOrPrompts({ jsonrpc: "2.0", id: 1, result: {} })).toBe(true);
  });

  it("advertises the same capabilities either way, completion included", async () => {
    const withThem = await capabilities(true);
    expect(await capabilities(false)).toEqual(withThem);
    expect(withThem).toMatchObject({ tools: {}, resources: {}, prompts: {}, completions: {} });
  });
});
