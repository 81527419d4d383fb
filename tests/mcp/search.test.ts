import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import type { Client as ClientV2 } from "@modelcontextprotocol/client";
import { bearer, callOk, callTool, connectV1, connectV2, jsonRpcOf, mcpServer, newKey, postMcp, type Loose } from "../support/mcp-clients";

const { tokens } = mcpServer();

describe(`brief_search over MCP on ${process.env.BRIEFS_TEST_DB}`, () => {
  // One word of this run only: the server's database is shared by the whole mcp project.
  const word = `zebu${crypto.randomBytes(3).toString("hex")}`;
  let agent: ClientV1;
  let reader: ClientV2;
  let outsider: ClientV1;
  let projectId: string;
  let briefIds: string[];

  beforeAll(async () => {
    [agent, reader, outsider] = await Promise.all([connectV1(tokens.readWrite), connectV2(tokens.readOnly), connectV1(tokens.otherUser)]);
    ({ project: { id: projectId } } = await callOk(agent, "project_create", { name: "Search over MCP", idempotencyKey: newKey() }));
    briefIds = [];
    for (const [title, requirements] of [
      [`The ${word} brief`, ["Nothing more"]],
      ["Second", [`A row that names ${word}`, `and ${word} again`]],
      ["Third", [`${word} once`]],
    ] as const) {
      const { brief } = await callOk(agent, "brief_create", { projectId, title, content: { requirements }, idempotencyKey: newKey() });
      briefIds.push(brief.id);
    }
    const { project: theirs } = await callOk(outsider, "project_create", { name: "Not yours", idempotencyKey: newKey() });
    await callOk(outsider, "brief_create", { projectId: theirs.id, title: `Their ${word}`, content: { goal: `${word} ${word} ${word}` }, idempotencyKey: newKey() });
  });
  afterAll(async () => {
    await Promise.all([agent?.close(), reader?.close(), outsider?.close()]);
  });

  it("finds by title and list rows, best first, with snippets whose highlights name the word (read-only token)", async () => {
    const page = await callOk(reader, "brief_search", { query: word });
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((i: Loose) => i.title)).toEqual([`The ${word} brief`, "Second", "Third"]);
    for (const item of page.items) {
      expect(Object.keys(item).sort()).toEqual(["briefId", "projectId", "projectName", "rank", "snippet", "state", "title", "updatedAt", "versionNum"]);
      expect(item).toMatchObject({ projectId, projectName: "Search over MCP", state: "drafting", versionNum: 1 });
    }
    const second = page.items[1].snippet;
    expect(second.section).toBe("requirements");
    expect(second.text).toBe(`A row that names ${word} · and ${word} again`);
    const points = Array.from(second.text as string);
    expect(second.highlights.map((h: { start: number; end: number }) => points.slice(h.start, h.end).join(""))).toEqual([word, word]);
  });

  it("pages with nextCursor, bound to the query", async () => {
    const first = await callOk(agent, "brief_search", { query: word, projectId, limit: 2 });
    expect(first.items).toHaveLength(2);
    const rest = await callOk(agent, "brief_search", { query: word, projectId, limit: 2, cursor: first.nextCursor });
    expect([...first.items, ...rest.items].map((i: Loose) => i.briefId).sort()).toEqual([...briefIds].sort());
    expect(rest.nextCursor).toBeNull();
    const reused = await callTool(agent, "brief_search", { query: `${word} again`, cursor: first.nextCursor });
    expect(reused.isError).toBe(true);
    expect(reused.structuredContent).toMatchObject({ error: { code: "INVALID_CURSOR" } });
  });

  it("never shows another person's briefs, and refuses their project as a filter", async () => {
    const theirs = await callOk(outsider, "brief_search", { query: word });
    expect(theirs.items.map((i: Loose) => i.title)).toEqual([`Their ${word}`]);
    const denied = await callTool(outsider, "brief_search", { query: word, projectId });
    expect(denied.structuredContent).toMatchObject({ error: { code: "PROJECT_ACCESS_DENIED" } });
  });

  it("answers bad arguments with VALIDATION_ERROR", async () => {
    for (const args of [{ query: "" }, { query: "x".repeat(201) }, { query: word, limit: 500 }, { query: word, extra: true }, {}]) {
      const answer = await callTool(agent, "brief_search", args);
      expect(answer.isError, JSON.stringify(args).slice(0, 60)).toBe(true);
      expect(answer.structuredContent).toMatchObject({ error: { code: "VALIDATION_ERROR" } });
    }
  });

  it("is listed for a read-only token, read-only and with its scope", async () => {
    const message = await jsonRpcOf(await postMcp({ jsonrpc: "2.0", id: 1, method: "tools/list" }, bearer(tokens.readOnly)));
    const tool = (message.result.tools as Loose[]).find((t) => t.name === "brief_search");
    expect(tool).toMatchObject({
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      _meta: { "dev.briefs/scopes": ["brief:read"] },
    });
  });
});
