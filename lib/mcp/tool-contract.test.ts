import { createMcpHandler } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { allScopes } from "@/lib/auth/scopes";
import { createMcpServer } from "./create-mcp-server";
import { resolvedSchema } from "./lean-json-schema";

/**
 * The MCP contract as agents see it: the server's instructions; each tool's name, title, description,
 * schemas, annotations and _meta as tools/list publishes them, with the bytes each takes; the
 * resource templates and the prompts with their arguments. Schemas are recorded resolved (every
 * `$ref` replaced by what it names), so the snapshot shows what they mean and a change in how they
 * are shared shows only as a change of size. A change to any of it shows up as a diff of the
 * committed snapshot (`npx vitest run lib/mcp -u` accepts an intended change).
 */
const actor: Actor = { userId: "contract", email: "contract@example.test", label: "contract", door: "mcp", scopes: allScopes };

/**
 * The most tools/list may take for a token with every scope (52 KB): agents read all of it on each
 * connection, so a new tool has to make room for itself (docs/mcp.md#the-size-of-toolslist).
 */
const TOOLS_LIST_MAX_BYTES = 52_000;

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

type Listed = Record<string, unknown>;

/** One stateless 2025-11-25 request to the server a token with every scope gets. */
async function answer(method: string, params?: Listed): Promise<Listed> {
  const handler = createMcpHandler(() => createMcpServer(actor));
  const response = await handler.fetch(
    new Request("http://localhost/api/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, ...(params && { params }) }),
    }),
  );
  const text = await response.text();
  const data = text.split("\n").find((line) => line.startsWith("data: "))!;
  return JSON.parse(data.slice("data: ".length)).result;
}

const toolsListResult = async () => (await answer("tools/list")) as { tools: Listed[] };
const listedTools = async () => (await toolsListResult()).tools;

async function instructions(): Promise<string> {
  const init = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "contract", version: "1" } };
  return (await answer("initialize", init)).instructions as string;
}

describe("the MCP tool contract", () => {
  it("matches the committed snapshot", async () => {
    const result = await toolsListResult();
    const tools = result.tools.map((tool) => {
      const { name, title, description, inputSchema, outputSchema, annotations, _meta } = tool;
      return {
        name,
        title,
        description,
        bytes: bytesOf(tool),
        inputSchema: resolvedSchema(inputSchema as Record<string, unknown>),
        outputSchema: resolvedSchema(outputSchema as Record<string, unknown>),
        annotations,
        _meta,
      };
    });
    const { resourceTemplates } = await answer("resources/templates/list");
    const { prompts } = await answer("prompts/list");
    const contract = { instructions: await instructions(), toolsList: { bytes: bytesOf(result) }, tools, resourceTemplates, prompts };
    await expect(`${JSON.stringify(contract, null, 2)}\n`).toMatchFileSnapshot("./tool-contract.snapshot.json");
  });

  it(`keeps tools/list, every tool for a token with every scope, within ${TOOLS_LIST_MAX_BYTES} bytes`, async () => {
    expect(bytesOf(await toolsListResult())).toBeLessThanOrEqual(TOOLS_LIST_MAX_BYTES);
  });

  it("publishes every annotation explicitly, openWorldHint false, and risk, confirmation and scopes in _meta", async () => {
    for (const tool of await listedTools()) {
      const annotations = tool.annotations as Record<string, unknown>;
      expect(Object.keys(annotations).sort(), String(tool.name)).toEqual(
        ["destructiveHint", "idempotentHint", "openWorldHint", "readOnlyHint"],
      );
      expect(annotations.openWorldHint).toBe(false);
      const meta = tool._meta as Record<string, unknown>;
      // Only an app tool adds `ui` (its view), with the older flat `ui/resourceUri` alias that registerAppTool keeps.
      const appKeys = "ui" in meta ? ["ui", "ui/resourceUri"] : [];
      expect(Object.keys(meta).sort(), String(tool.name)).toEqual(
        ["dev.briefs/confirmation", "dev.briefs/risk", "dev.briefs/scopes", ...appKeys].sort(),
      );
      if (appKeys.length) expect(meta["ui/resourceUri"]).toBe((meta.ui as { resourceUri: string }).resourceUri);
      expect(["low", "medium"]).toContain(meta["dev.briefs/risk"]);
      expect(["none", "implicit", "explicit"]).toContain(meta["dev.briefs/confirmation"]);
      const proposes = ["brief_propose", "brief_proposal_decide"].includes(String(tool.name));
      expect(meta["dev.briefs/scopes"], String(tool.name)).toEqual(annotations.readOnlyHint ? ["brief:read"] : proposes ? ["brief:read", "brief:propose"] : ["brief:read", "brief:write"]);
      expect((tool.inputSchema as { additionalProperties?: unknown }).additionalProperties, String(tool.name)).toBe(false);
    }
  });

  it("gives brief_checklist_update, brief_collection_list and brief_create their risk, confirmation and scopes", async () => {
    const meta = Object.fromEntries((await listedTools()).map((t) => [t.name, t._meta]));
    expect(meta.brief_checklist_update).toEqual({
      "dev.briefs/risk": "low",
      "dev.briefs/confirmation": "implicit",
      "dev.briefs/scopes": ["brief:read", "brief:write"],
    });
    expect(meta.brief_collection_list).toEqual({
      "dev.briefs/risk": "low",
      "dev.briefs/confirmation": "none",
      "dev.briefs/scopes": ["brief:read"],
    });
    expect(meta.brief_create).toEqual({
      "dev.briefs/risk": "medium",
      "dev.briefs/confirmation": "explicit",
      "dev.briefs/scopes": ["brief:read", "brief:write"],
    });
  });
});
