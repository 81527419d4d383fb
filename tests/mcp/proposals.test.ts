import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { bearer, callOk, callTool, connectV1, jsonRpcOf, mcpServer, newKey, postMcp, type Loose } from "../support/mcp-clients";

const { tokens } = mcpServer();

function call(name: string, args: Record<string, unknown>) {
  return { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name, arguments: args } };
}

describe(`proposals over MCP on ${process.env.BRIEFS_TEST_DB}`, () => {
  let editor: Client;
  let proposer: Client;
  let briefId: string;

  beforeAll(async () => {
    editor = await connectV1(tokens.readWrite);
    proposer = await connectV1(tokens.propose);
    const { project } = await callOk(editor, "project_create", { name: "Proposals over MCP", idempotencyKey: newKey() });
    const content = { goal: "Export invoices", requirements: ["Export as CSV", "Export as PDF"], testingQaChecklist: [{ text: "CSV opens", checked: false }] };
    briefId = (await callOk(editor, "brief_create", { projectId: project.id, title: "Invoices", content, idempotencyKey: newKey() })).brief.id;
  });
  afterAll(async () => {
    await editor?.close();
    await proposer?.close();
  });

  it("a propose-only token proposes exactly once per key; the brief does not change until a person accepts", async () => {
    const args = { briefId, baseVersionNum: 1, summary: "Add **XLSX**", changes: { requirements: ["Export as CSV", "Export as PDF", "Export as XLSX"] }, idempotencyKey: newKey() };
    const first = await callTool(proposer, "brief_propose", args);
    expect(first.isError).toBeFalsy();
    const proposal = (first.structuredContent as Loose).proposal;
    expect(proposal).toMatchObject({
      status: "open",
      baseVersionNum: 1,
      author: expect.stringMatching(/ via agent-propose$/),
      changedSections: ["requirements"],
      itemChanges: [{ section: "requirements", change: "added", text: "Export as XLSX" }],
      mergeable: true,
      conflicts: [],
    });
    const replay = await callTool(proposer, "brief_propose", args);
    expect(replay.structuredContent).toEqual(first.structuredContent);
    expect(replay._meta?.["dev.briefs/idempotency"]).toMatchObject({ replayed: true });
    const reused = await callTool(proposer, "brief_propose", { ...args, summary: "Something else" });
    expect(reused.structuredContent).toMatchObject({ error: { code: "IDEMPOTENCY_KEY_REUSED" } });

    const full = await callOk(proposer, "brief_get_full", { briefId });
    expect(full.openProposals).toBe(1);
    expect(full.brief.versionNum).toBe(1);
    expect(Object.keys(full.brief)).toHaveLength(9);
    const listed = await callOk(proposer, "brief_collection_list", { briefId, collection: "proposals" });
    expect(listed.items).toEqual([proposal]);
    const [summary] = (await callOk(proposer, "brief_list", { projectId: full.brief.projectId })).items;
    expect(Object.keys(summary)).toHaveLength(7);

    // Accepting needs brief:write: the scope challenge, before any tool runs.
    const refused = await postMcp(call("brief_proposal_decide", { briefId, proposalId: proposal.id, decision: "accept", idempotencyKey: newKey() }), bearer(tokens.propose));
    expect(refused.status).toBe(403);
    expect(refused.headers.get("www-authenticate")).toMatch(/error="insufficient_scope", scope="brief:read brief:write"/);

    const decided = await callOk(editor, "brief_proposal_decide", { briefId, proposalId: proposal.id, decision: "accept", reason: "Asked for", idempotencyKey: newKey() });
    expect(decided.proposal).toMatchObject({ id: proposal.id, status: "accepted", versionNum: 2, reason: "Asked for", declinedSections: [] });
    expect(decided.brief).toMatchObject({ versionNum: 2, createdNewVersion: true, content: { requirements: ["Export as CSV", "Export as PDF", "Export as XLSX"] } });
    const versions = await callOk(editor, "brief_collection_list", { briefId, collection: "versions", limit: 1 });
    expect(versions.items[0]).toMatchObject({ versionNum: 2, via: "brief_proposal_decide", proposalId: proposal.id, proposedBy: proposal.author });

    const again = await callTool(editor, "brief_proposal_decide", { briefId, proposalId: proposal.id, decision: "reject", idempotencyKey: newKey() });
    expect(again.structuredContent).toMatchObject({ error: { code: "BRIEF_STATE_CONFLICT", details: { reason: "PROPOSAL_NOT_OPEN", proposalStatus: "accepted" } } });
  });

  it("answers conflicts, bad changes and withdrawals with the contract's errors", async () => {
    const { brief } = await callOk(editor, "brief_get_full", { briefId });
    const { proposal } = await callOk(proposer, "brief_propose", { briefId, baseVersionNum: brief.versionNum, summary: "Reword PDF", changes: { requirements: ["Export as CSV", "Export as PDF/A", "Export as XLSX"] }, idempotencyKey: newKey() });
    await callOk(editor, "brief_update", { briefId, ifVersionNum: brief.versionNum, content: { ...brief.content, checklist: undefined, requirements: ["Export as CSV", "Export as PDF (A4)", "Export as XLSX"] }, idempotencyKey: newKey() });

    const conflict = await callTool(editor, "brief_proposal_decide", { briefId, proposalId: proposal.id, decision: "accept", idempotencyKey: newKey() });
    expect(conflict.isError).toBe(true);
    expect(conflict.structuredContent).toMatchObject({
      error: {
        code: "BRIEF_VERSION_CONFLICT",
        details: { reason: "PROPOSAL_CONFLICT", conflicts: [{ section: "requirements", item: "Export as PDF", base: "Export as PDF", current: "Export as PDF (A4)", proposed: "Export as PDF/A" }] },
      },
    });

    const invalid = await callTool(proposer, "brief_propose", { briefId, baseVersionNum: 99, summary: "x", changes: { goal: "y" }, idempotencyKey: newKey() });
    expect(invalid.structuredContent).toMatchObject({ error: { code: "VALIDATION_ERROR", details: { issues: [{ path: "baseVersionNum" }] } } });
    const badShape = await callTool(proposer, "brief_propose", { briefId, baseVersionNum: 1, summary: "x", changes: { edgeCases: [""] }, idempotencyKey: newKey() });
    expect(badShape.structuredContent).toMatchObject({ error: { code: "VALIDATION_ERROR", details: { issues: [{ path: "changes.edgeCases[0]" }] } } });

    const withdrawn = await callOk(proposer, "brief_proposal_decide", { briefId, proposalId: proposal.id, decision: "withdraw", idempotencyKey: newKey() });
    expect(withdrawn.proposal).toMatchObject({ status: "withdrawn" });
    expect((await callOk(proposer, "brief_get_full", { briefId })).openProposals).toBe(0);
  });

  it("the proposals collection takes no appended items any more", async () => {
    const answer = await callTool(editor, "brief_collection_append", { briefId, collection: "proposals", item: { note: "x" }, idempotencyKey: newKey() });
    expect(answer.structuredContent).toMatchObject({ error: { code: "VALIDATION_ERROR", details: { issues: [{ path: "collection" }] } } });
  });

  it("review_brief tells agents to propose, not to write", async () => {
    const message = await jsonRpcOf(await postMcp({ jsonrpc: "2.0", id: 4, method: "prompts/get", params: { name: "review_brief", arguments: { briefId } } }, bearer(tokens.propose)));
    const text = JSON.stringify(message.result.messages);
    expect(text).toContain("brief_propose");
    expect(text).not.toContain("brief_collection_append, \\\"collection proposals");
    expect(text).toMatch(/no brief_update/);
  });
});
