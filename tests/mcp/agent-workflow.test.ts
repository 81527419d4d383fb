import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import type { Client as ClientV2 } from "@modelcontextprotocol/client";
import { callOk, callTool, connectV1, connectV2, mcpServer, newKey, type Loose } from "../support/mcp-clients";

const { tokens } = mcpServer();
const IDEMPOTENCY = "dev.briefs/idempotency";
const HASH = /^sha256:[0-9a-f]{64}$/;

const firstContent = {
  goal: "Let shoppers save a cart for later.",
  requirements: ["A signed-in shopper can save the current cart."],
  acceptanceCriteria: [{ id: "AC-1", text: "A saved cart appears under Saved carts." }],
  testingQaChecklist: [
    { text: "Save a cart with three items", checked: false },
    { text: "Restore a saved cart", checked: false },
  ],
  "x-origin": { source: "agent test" },
};

describe(`an agent's workflow over MCP 2025-11-25 (v1 SDK client) on ${process.env.BRIEFS_TEST_DB}`, () => {
  let agent: ClientV1;
  let outsider: ClientV1;

  beforeAll(async () => {
    agent = await connectV1(tokens.readWrite);
    outsider = await connectV1(tokens.otherUser);
  });
  afterAll(async () => {
    await agent?.close();
    await outsider?.close();
  });

  it("negotiates 2025-11-25 and answers ping", async () => {
    expect(agent.getServerVersion()?.name).toBe("briefs");
    expect(await agent.ping()).toEqual({});
  });

  it("creates, edits, reviews and approves a brief", async () => {
    const { project } = await callOk(agent, "project_create", { name: "Checkout", idempotencyKey: newKey() });
    expect(project).toMatchObject({ name: "Checkout", description: null, role: "owner" });

    // brief_create, then the same call again: a replay, not a second brief.
    const createArgs = { projectId: project.id, title: "Saved carts", content: firstContent, idempotencyKey: newKey() };
    const created = await callTool(agent, "brief_create", createArgs);
    expect(created.isError).toBeFalsy();
    const brief = (created.structuredContent as { brief: Loose }).brief;
    expect(brief).toMatchObject({
      projectId: project.id,
      title: "Saved carts",
      state: "drafting",
      versionNum: 1,
      createdNewVersion: true,
      staledApprovals: 0,
    });
    expect(brief.currentVersionHash).toMatch(HASH);
    expect(brief.content["x-origin"]).toEqual({ source: "agent test" });
    expect(brief.content.checklist).toEqual(brief.content.testingQaChecklist);
    expect(created._meta?.[IDEMPOTENCY]).toMatchObject({ replayed: false });

    const replay = await callTool(agent, "brief_create", createArgs);
    expect(replay.structuredContent).toEqual(created.structuredContent);
    expect(replay._meta?.[IDEMPOTENCY]).toEqual({
      replayed: true,
      firstSeenAt: (created._meta?.[IDEMPOTENCY] as { firstSeenAt: string }).firstSeenAt,
    });
    const { items: briefs } = await callOk(agent, "brief_list", { projectId: project.id });
    expect(briefs.map((b: { id: string }) => b.id)).toEqual([brief.id]);

    // brief_checklist_update: one row, version 2, attributed to the token.
    const ticked = await callOk(agent, "brief_checklist_update", {
      briefId: brief.id,
      index: 0,
      expectedText: "Save a cart with three items",
      checked: true,
      ifVersionNum: 1,
      idempotencyKey: newKey(),
    });
    expect(ticked.brief).toMatchObject({ versionNum: 2, createdNewVersion: true, staledApprovals: 0, state: "drafting" });
    expect(Object.keys(ticked.brief).sort()).toEqual(
      ["content", "createdNewVersion", "currentVersionHash", "id", "projectId", "staledApprovals", "state", "title", "versionNum"],
    );
    const row = ticked.brief.content.testingQaChecklist[0];
    expect(row).toMatchObject({ text: "Save a cart with three items", checked: true, checkedBy: expect.stringContaining(" via agent-rw") });
    expect(row.checkedAt).toMatch(/Z$/);
    expect(ticked.brief.content.testingQaChecklist[1]).toMatchObject({ checked: false });

    // brief_collection_list: the versions, newest first, page by page.
    const all = await callOk(agent, "brief_collection_list", { briefId: brief.id, collection: "versions" });
    expect(all.collection).toBe("versions");
    expect(all.items.map((v: { versionNum: number }) => v.versionNum)).toEqual([2, 1]);
    expect(all.items[0]).toMatchObject({ hash: ticked.brief.currentVersionHash, via: "brief_checklist_update" });
    expect(all.nextCursor).toBeNull();
    const first = await callOk(agent, "brief_collection_list", { briefId: brief.id, collection: "versions", limit: 1 });
    expect(first.items.map((v: { versionNum: number }) => v.versionNum)).toEqual([2]);
    const second = await callOk(agent, "brief_collection_list", {
      briefId: brief.id,
      collection: "versions",
      limit: 1,
      cursor: first.nextCursor,
    });
    expect(second.items.map((v: { versionNum: number }) => v.versionNum)).toEqual([1]);
    expect(second.nextCursor).toBeNull();

    // brief_update: a complete replacement; version 3.
    const stored = { ...ticked.brief.content };
    delete stored.checklist; // the read-only mirror; sending it back is allowed but unnecessary
    const updated = await callOk(agent, "brief_update", {
      briefId: brief.id,
      content: { ...stored, requirements: [...stored.requirements, "A saved cart keeps its prices for 24 hours."] },
      ifVersionNum: 2,
      idempotencyKey: newKey(),
    });
    expect(updated.brief).toMatchObject({ versionNum: 3, createdNewVersion: true });
    expect(updated.brief.content.requirements).toHaveLength(2);

    // brief_transition into review, then brief_approve.
    const inReview = await callOk(agent, "brief_transition", { briefId: brief.id, to: "in_review", idempotencyKey: newKey() });
    expect(inReview.brief).toMatchObject({ state: "in_review", versionNum: 3 });

    const approveArgs = { briefId: brief.id, ifVersionNum: 3, idempotencyKey: newKey() };
    const approved = await callTool(agent, "brief_approve", approveArgs);
    expect(approved.isError).toBeFalsy();
    const { approval } = approved.structuredContent as { approval: Record<string, unknown> };
    expect(approval).toMatchObject({ versionNum: 3, stale: false, approvedBy: expect.stringContaining(" via agent-rw") });
    const approvedAgain = await callTool(agent, "brief_approve", approveArgs);
    expect(approvedAgain.structuredContent).toEqual(approved.structuredContent);
    expect(approvedAgain._meta?.[IDEMPOTENCY]).toMatchObject({ replayed: true });

    const baselined = await callOk(agent, "brief_transition", { briefId: brief.id, to: "baselined", idempotencyKey: newKey() });
    expect(baselined.brief.state).toBe("baselined");

    const full = await callOk(agent, "brief_get_full", { briefId: brief.id });
    expect(full.brief).toMatchObject({ id: brief.id, state: "baselined", versionNum: 3 });
    expect(full.collections.approvals.items).toHaveLength(1);
    expect(full.collections.reviewSessions.items.length).toBeGreaterThanOrEqual(1);
    expect(full.collections.versions.items[0]).toMatchObject({ versionNum: 3, baseline: true });

    const { version } = await callOk(agent, "brief_version_get", { briefId: brief.id, versionNum: 1 });
    expect(version).toMatchObject({ versionNum: 1, hash: brief.currentVersionHash, via: "brief_create", baseline: false });
    expect(version.content.goal).toBe(firstContent.goal);
  });

  it("answers a domain error as isError with the contract's code, and as the same JSON in text", async () => {
    const { project } = await callOk(agent, "project_create", { name: "Private", idempotencyKey: newKey() });
    const { brief } = await callOk(agent, "brief_create", { projectId: project.id, title: "Secret", idempotencyKey: newKey() });

    for (const [name, args] of [
      ["brief_get_full", { briefId: brief.id }],
      ["brief_create", { projectId: project.id, title: "Intruder", idempotencyKey: newKey() }],
      ["brief_collection_list", { briefId: brief.id, collection: "versions" }],
    ] as const) {
      const answer = await callTool(outsider, name, args);
      expect(answer.isError, name).toBe(true);
      expect(answer.structuredContent).toEqual({
        error: { code: "PROJECT_ACCESS_DENIED", message: expect.any(String) },
      });
    }
    // No existence oracle: an id that does not exist reads the same.
    const missing = await callTool(outsider, "brief_get_full", { briefId: "no-such-brief" });
    const denied = await callTool(outsider, "brief_get_full", { briefId: brief.id });
    expect(missing.structuredContent).toEqual(denied.structuredContent);

    const conflict = await callTool(agent, "brief_checklist_update", {
      briefId: brief.id,
      index: 0,
      expectedText: "anything",
      checked: true,
      idempotencyKey: newKey(),
    });
    expect(conflict.isError).toBe(true);
    expect(conflict.structuredContent).toMatchObject({
      error: { code: "BRIEF_VERSION_CONFLICT", details: { reason: "INDEX_OUT_OF_RANGE", checklistLength: 0, currentVersionNum: 1 } },
    });
  });

  it("rejects an unknown argument with VALIDATION_ERROR naming it", async () => {
    const { project } = await callOk(agent, "project_create", { name: "Strict", idempotencyKey: newKey() });
    const answer = await callTool(agent, "brief_create", {
      projectId: project.id,
      title: "Typo",
      colour: "blue",
      idempotencyKey: newKey(),
    });
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent).toMatchObject({
      error: { code: "VALIDATION_ERROR", details: { issues: [{ path: "colour", message: expect.any(String) }] } },
    });
    const { items } = await callOk(agent, "brief_list", { projectId: project.id });
    expect(items).toEqual([]);
  });

  it("reports a missing argument and a wrong type with their paths", async () => {
    const answer = await callTool(agent, "brief_collection_list", { collection: "everything", limit: 0 });
    expect(answer.isError).toBe(true);
    const issues = (answer.structuredContent as { error: { details: { issues: Array<{ path: string }> } } }).error.details.issues;
    expect(issues.map((i) => i.path).sort()).toEqual(["briefId", "collection", "limit"]);
  });
});

describe(`an agent on MCP 2026-07-28 (v2 SDK client) on ${process.env.BRIEFS_TEST_DB}`, () => {
  let agent: ClientV2;

  beforeAll(async () => {
    agent = await connectV2(tokens.readWrite);
  });
  afterAll(async () => {
    await agent?.close();
  });

  it("uses the modern protocol without a handshake and sees the same tools", async () => {
    expect(agent.getProtocolEra()).toBe("modern");
    expect(agent.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const { tools } = await agent.listTools();
    expect(tools).toHaveLength(22);
    const create = tools.find((t) => t.name === "brief_create")!;
    expect(create._meta).toEqual({
      "dev.briefs/risk": "medium",
      "dev.briefs/confirmation": "explicit",
      "dev.briefs/scopes": ["brief:read", "brief:write"],
    });
  });

  it("creates a brief, ticks a row, pages its versions, and gets structured errors", async () => {
    const { project } = await callOk(agent, "project_create", { name: "Modern", idempotencyKey: newKey() });
    const createArgs = { projectId: project.id, title: "Modern brief", content: firstContent, idempotencyKey: newKey() };
    const created = await callTool(agent, "brief_create", createArgs);
    const { brief } = created.structuredContent as { brief: Loose };
    expect(brief).toMatchObject({ versionNum: 1, state: "drafting", createdNewVersion: true });
    const replay = await callTool(agent, "brief_create", createArgs);
    expect(replay.structuredContent).toEqual(created.structuredContent);
    expect(replay._meta?.[IDEMPOTENCY]).toMatchObject({ replayed: true });

    const ticked = await callOk(agent, "brief_checklist_update", {
      briefId: brief.id,
      index: 1,
      expectedText: "Restore a saved cart",
      checked: true,
      ifVersionNum: 1,
      idempotencyKey: newKey(),
    });
    expect(ticked.brief).toMatchObject({ versionNum: 2, createdNewVersion: true });

    const versions = await callOk(agent, "brief_collection_list", { briefId: brief.id, collection: "versions" });
    expect(versions.items.map((v: { versionNum: number }) => v.versionNum)).toEqual([2, 1]);

    const stale = await callTool(agent, "brief_checklist_update", {
      briefId: brief.id,
      index: 1,
      expectedText: "Restore a saved cart",
      checked: false,
      ifVersionNum: 1,
      idempotencyKey: newKey(),
    });
    expect(stale.isError).toBe(true);
    expect(stale.structuredContent).toMatchObject({
      error: { code: "BRIEF_VERSION_CONFLICT", details: { reason: "VERSION_MISMATCH", currentVersionNum: 2 } },
    });

    const unknown = await callTool(agent, "brief_get_full", { briefId: brief.id, verbose: true });
    expect(unknown.structuredContent).toMatchObject({ error: { code: "VALIDATION_ERROR" } });
  });

  it("gets the 403 insufficient_scope for a write with a read-only token", async () => {
    const reader = await connectV2(tokens.readOnly);
    try {
      await expect(
        reader.callTool({ name: "brief_create", arguments: { projectId: "p", title: "t", idempotencyKey: newKey() } }),
      ).rejects.toThrow(/scope/i);
    } finally {
      await reader.close();
    }
  });
});
