import { describe, expect, it } from "vitest";
import { knownBearerToken } from "@/lib/auth/authenticate-bearer-token";
import { getPrisma } from "@/lib/db/client";
import { createApiToken } from "@/lib/tokens/create-api-token";
import { revokeApiToken } from "@/lib/tokens/revoke-api-token";
import { newBrief, readyContent } from "@/tests/support/briefs";
import { newProject, newUser, uniqueKey } from "@/tests/support/fixtures";
import { handleMcpRequest } from "./handle-mcp-request";

/** A 2025-era POST as the production entrance hands it over: the body read apart, as bytes. */
function post(token: string, message: unknown): [Request, Uint8Array] {
  const request = new Request("http://localhost/api/mcp", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" },
  });
  return [request, new TextEncoder().encode(JSON.stringify(message))];
}

describe("a plain call with a token the door checked before", () => {
  it("is answered as before, and refused at once when the token was revoked meanwhile, keeping nothing", async () => {
    const owner = await newUser("Known door");
    const { token, apiToken } = await createApiToken(owner, { name: "agent", scopes: ["brief:read", "brief:write"] });
    const brief = await newBrief(owner, await newProject(owner), readyContent());
    const row = brief.content.testingQaChecklist![0];
    let checked = row.checked;
    const toggle = () => {
      checked = !checked;
      const args = { briefId: brief.id, index: 0, expectedText: row.text, checked, idempotencyKey: uniqueKey() };
      return handleMcpRequest(...post(token, { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "brief_checklist_update", arguments: args } }));
    };
    const versionNum = async () => (await (await getPrisma()).brief.findUniqueOrThrow({ where: { id: brief.id } })).versionNum;

    expect(knownBearerToken(token), "not checked yet").toBeNull();
    const first = await toggle();
    expect(knownBearerToken(token), "checked by the gate").not.toBeNull();
    const second = await toggle();
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ jsonrpc: "2.0", id: 3, result: { structuredContent: { brief: { id: brief.id, createdNewVersion: true } } } });
    }
    const before = await versionNum();

    await revokeApiToken(owner, apiToken.id);
    const refused = await toggle();
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata="/);
    expect(await versionNum()).toBe(before);
    // Forgotten: the next request is checked by the gate again, and refused there.
    expect(knownBearerToken(token)).toBeNull();
    expect((await toggle()).status).toBe(401);

    const ping = await handleMcpRequest(...post(token, { jsonrpc: "2.0", id: 4, method: "ping" }));
    expect(ping.status).toBe(401);
  });
});
