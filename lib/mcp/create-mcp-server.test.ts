import { createMcpHandler } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { allScopes } from "@/lib/auth/scopes";
import { createMcpServer, registrationFor, type Registration } from "./create-mcp-server";

const actor: Actor = { userId: "u", email: "u@example.test", label: "u", door: "mcp", scopes: allScopes };

async function answer(message: unknown, registration?: Registration): Promise<Record<string, unknown>> {
  const handler = createMcpHandler(() => createMcpServer(actor, registration));
  const response = await handler.fetch(
    new Request("http://localhost/api/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify(message),
    }),
  );
  const data = (await response.text()).split("\n").find((line) => line.startsWith("data: "))!;
  return JSON.parse(data.slice("data: ".length));
}

async function capabilities(resourcesAndPrompts: boolean): Promise<Record<string, unknown>> {
  const init = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "test", version: "1" } };
  const message = await answer({ jsonrpc: "2.0", id: 1, method: "initialize", params: init }, { resourcesAndPrompts });
  return (message.result as { capabilities: Record<string, unknown> }).capabilities;
}

const call = (name: string, args: Record<string, unknown>) => ({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name, arguments: args } });

describe("the per-request MCP server", () => {
  it("registers resources and prompts only for requests that may use them", () => {
    const uses = (body: unknown) => registrationFor(body).resourcesAndPrompts;
    expect(uses({ method: "tools/call" })).toBe(false);
    expect(uses({ method: "initialize" })).toBe(false);
    expect(uses([{ method: "tools/list" }, { method: "prompts/get" }])).toBe(true);
    expect(uses({ method: "resources/read" })).toBe(true);
    expect(uses({ method: "completion/complete" })).toBe(true);
    expect(uses({ jsonrpc: "2.0", id: 1, result: {} })).toBe(true);
  });

  it("registers only the called tool for a single call of a known tool, and every tool otherwise", () => {
    expect(registrationFor(call("brief_checklist_update", {}))).toEqual({ tool: "brief_checklist_update", resourcesAndPrompts: false });
    expect(registrationFor(call("brief_show", {}))).toEqual({ tool: "brief_show", resourcesAndPrompts: false });
    expect(registrationFor(call("no_such_tool", {}))).toEqual({ resourcesAndPrompts: false });
    expect(registrationFor([call("brief_list", {}), call("brief_show", {})])).toEqual({ resourcesAndPrompts: false });
    expect(registrationFor({ jsonrpc: "2.0", id: 1, method: "tools/list" })).toEqual({ resourcesAndPrompts: false });
  });

  it.each([
    ["a known tool, refused by its own validation", call("brief_checklist_update", { briefId: "not-a-uuid" })],
    ["the app tool, refused likewise", call("brief_show", {})],
    ["an unknown tool", call("no_such_tool", {})],
  ])("answers %s exactly as a server with every tool does", async (_, message) => {
    const full = await answer(message);
    expect(await answer(message, registrationFor(message))).toEqual(full);
    expect(JSON.stringify(full)).toMatch(/VALIDATION_ERROR|no_such_tool/);
  });

  it("advertises the same capabilities either way, completion included", async () => {
    const withThem = await capabilities(true);
    expect(await capabilities(false)).toEqual(withThem);
    expect(withThem).toMatchObject({ tools: {}, resources: {}, prompts: {}, completions: {} });
  });
});
