import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { readScopes } from "@/lib/auth/scopes";
import { newBrief, readyContent } from "@/tests/support/briefs";
import { newProject, newUser, uniqueKey, viaToken } from "@/tests/support/fixtures";
import { answerLegacyPost } from "./answer-legacy-post";
import { answerPlainCall } from "./answer-plain-call";
import { createMcpServer, registrationFor } from "./create-mcp-server";

const ACCEPT = "application/json, text/event-stream";

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/api/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: ACCEPT, "mcp-protocol-version": "2025-11-25", ...headers },
    body: JSON.stringify(body),
  });
}

type Answer = { status: number; type: string | null; body: unknown };

async function read(response: Response): Promise<Answer> {
  return { status: response.status, type: response.headers.get("content-type"), body: JSON.parse(await response.text()) };
}

/** The answer of the SDK's server, as the door gives it to a 2025-era POST. */
async function sdkAnswer(actor: Actor, body: unknown, headers?: Record<string, string>): Promise<Answer> {
  const server = createMcpServer(actor, registrationFor(body));
  const authInfo = { token: "t", clientId: actor.label, scopes: [...actor.scopes], extra: { actor } };
  return read(await answerLegacyPost(server, post(body, headers), { authInfo, parsedBody: body }));
}

async function plainAnswer(actor: Actor, body: unknown, headers?: Record<string, string>): Promise<Answer> {
  const answer = answerPlainCall(post(body, headers), body, actor);
  expect(answer, "answered without the SDK").toBeDefined();
  return read(await answer!);
}

const call = (name: string, args?: Record<string, unknown>, id: string | number = 7) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, ...(args && { arguments: args }) },
});

describe("a single tools/call or ping answered without building a server", () => {
  it("gives the SDK's answer for pings, results, domain errors and refused arguments", async () => {
    const owner = viaToken(await newUser("Plain"));
    const projectId = await newProject(owner);
    const brief = await newBrief(owner, projectId, readyContent());
    const row = brief.content.testingQaChecklist?.[0];
    expect(row, "the brief has a checklist row to tick").toBeDefined();
    const toggle = (key: string) => call("brief_checklist_update", { briefId: brief.id, index: 0, expectedText: row!.text, checked: !row!.checked, idempotencyKey: key });

    const key = uniqueKey();
    const first = await sdkAnswer(owner, toggle(key));
    // The replay of the same key returns the first result, so both doors can be compared on a write.
    const cases: [string, unknown][] = [
      ["ping", { jsonrpc: "2.0", id: 1, method: "ping" }],
      ["ping with a string id and empty params", { jsonrpc: "2.0", id: "a", method: "ping", params: {} }],
      ["a read", call("brief_get_full", { briefId: brief.id })],
      ["a replayed write", toggle(key)],
      ["a domain error", call("brief_get_full", { briefId: "00000000-0000-4000-8000-000000000000" })],
      ["refused arguments", call("brief_checklist_update", { briefId: "not-a-uuid" }, "x")],
      ["no arguments", call("project_list")],
    ];
    for (const [name, body] of cases) {
      expect(await plainAnswer(owner, body), name).toEqual(await sdkAnswer(owner, body));
    }
    const replay = await plainAnswer(owner, toggle(key));
    expect(replay.body).toMatchObject({ result: { _meta: { "dev.briefs/idempotency": { replayed: true } } } });
    expect((replay.body as { result: { structuredContent: unknown } }).result.structuredContent).toEqual(
      (first.body as { result: { structuredContent: unknown } }).result.structuredContent,
    );
    // The text item is the structuredContent's JSON, as the contract says.
    const result = (replay.body as { result: { content: { text: string }[]; structuredContent: unknown } }).result;
    expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
  });

  it("leaves to the SDK whatever it might answer otherwise", async () => {
    const reader = viaToken(await newUser("Reader"), readScopes);
    const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
    const passed: [string, unknown, Record<string, string>?][] = [
      ["a batch", [ping]],
      ["a notification", { jsonrpc: "2.0", method: "notifications/initialized" }],
      ["initialize", { jsonrpc: "2.0", id: 1, method: "initialize", params: {} }],
      ["tools/list", { jsonrpc: "2.0", id: 1, method: "tools/list" }],
      ["a ping with params", { ...ping, params: { _meta: {} } }],
      ["a call with _meta", { ...call("project_list"), params: { name: "project_list", _meta: { progressToken: 1 } } }],
      ["a call with a fractional id", call("project_list", {}, 1.5)],
      ["a call with array arguments", { ...call("project_list"), params: { name: "project_list", arguments: [] } }],
      ["an unknown tool", call("no_such_tool", {})],
      ["the app tool", call("brief_show", {})],
      ["a tool the token's scopes do not register", call("brief_create", {})],
      ["another JSON-RPC version", { ...ping, jsonrpc: "1.0" }],
      ["an unknown field", { ...ping, extra: true }],
      ["an Accept without event streams", ping, { accept: "application/json" }],
      ["an unsupported protocol version", ping, { "mcp-protocol-version": "1999-01-01" }],
    ];
    for (const [name, body, headers] of passed) expect(answerPlainCall(post(body, headers), body, reader), name).toBeUndefined();
  });
});
