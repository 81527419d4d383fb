import { createMcpHandler } from "@modelcontextprotocol/server";
import { RESOURCE_MIME_TYPE } from "@modelcontextprotocol/ext-apps/server";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import type { Scope } from "@/lib/auth/scopes";
import { createMcpServer } from "./create-mcp-server";
import { briefViewHtml } from "./generated/brief-view-html";
import { BRIEF_VIEW_URI } from "./register-brief-app";

/** The brief as an MCP App: brief_show's link to its view, and the view itself (docs/mcp.md). */
const VIEW_BUDGET_GZIP_BYTES = 150 * 1024;

async function rpc(scopes: Scope[], method: string, params: object = {}): Promise<Record<string, unknown>> {
  const actor: Actor = { userId: "app", email: "app@example.test", label: "app", door: "mcp", scopes };
  const handler = createMcpHandler(() => createMcpServer(actor));
  const response = await handler.fetch(
    new Request("http://localhost/api/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    }),
  );
  const data = (await response.text()).split("\n").find((line) => line.startsWith("data: "))!;
  return JSON.parse(data.slice("data: ".length)).result;
}

describe("the brief view (MCP App)", () => {
  it("is one self-contained HTML file within its size budget", () => {
    const gzipped = gzipSync(briefViewHtml).length;
    expect(gzipped, `${gzipped} bytes gzipped`).toBeLessThanOrEqual(VIEW_BUDGET_GZIP_BYTES);
    expect(briefViewHtml.startsWith("<!doctype html>")).toBe(true);
    // Everything inline: one module script, and no tag that would load a file or reach a host.
    expect(briefViewHtml.match(/<script\b[^>]*>/g)).toEqual(['<script type="module" crossorigin>']);
    expect(briefViewHtml.match(/<\/script/g)).toHaveLength(1);
    expect(briefViewHtml).not.toMatch(/<(script|link|img|iframe|source|object|embed)\b[^>]*\s(src|href|data)=/i);
  });

  it("is linked from brief_show and served as a ui:// resource with a CSP that allows no network", async () => {
    const { tools } = (await rpc(["brief:read"], "tools/list")) as { tools: Array<{ name: string; _meta?: Record<string, unknown> }> };
    const show = tools.find((tool) => tool.name === "brief_show")!;
    expect(show._meta?.ui).toEqual({ resourceUri: BRIEF_VIEW_URI });

    const { resources } = (await rpc(["brief:read"], "resources/list")) as { resources: Array<Record<string, unknown>> };
    expect(resources.find((resource) => resource.uri === BRIEF_VIEW_URI)).toMatchObject({ mimeType: RESOURCE_MIME_TYPE, name: "brief_view" });

    const { contents } = (await rpc(["brief:read"], "resources/read", { uri: BRIEF_VIEW_URI })) as { contents: Array<Record<string, unknown>> };
    expect(contents).toEqual([
      {
        uri: BRIEF_VIEW_URI,
        mimeType: RESOURCE_MIME_TYPE,
        text: briefViewHtml,
        _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } },
      },
    ]);
  });

  it("comes with brief_show for every token that may read", async () => {
    for (const scopes of [["brief:read"], ["brief:read", "brief:write"]] as Scope[][]) {
      const { tools } = (await rpc(scopes, "tools/list")) as { tools: Array<{ name: string }> };
      expect(tools.map((tool) => tool.name)).toContain("brief_show");
    }
    const { tools } = (await rpc(["brief:write"], "tools/list")) as { tools: Array<{ name: string }> };
    expect(tools.map((tool) => tool.name)).not.toContain("brief_show");
  });
});
