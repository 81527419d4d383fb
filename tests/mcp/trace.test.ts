import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { bearer, callOk, callTool, connectV1, mcpServer, newKey, postMcp, type Loose } from "../support/mcp-clients";

const { tokens, origin } = mcpServer();

// The smallest PNG there is: a 1×1 transparent pixel.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

function call(name: string, args: Record<string, unknown>) {
  return { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name, arguments: args } };
}

describe(`work orders, evidence and the trace over MCP on ${process.env.BRIEFS_TEST_DB}`, () => {
  let agent: Client;
  let briefId: string;
  const content = {
    goal: "Export invoices",
    requirements: ["FR-1: Export as CSV", "Export as PDF"],
    acceptanceCriteria: [
      { id: "AC-1", text: "A CSV file downloads" },
      { id: "AC-2", text: "Totals match" },
    ],
    generatedTickets: [{ id: "T-1", title: "CSV export", description: null, boundCriteria: ["AC-1", "AC-9"], boundRequirements: ["FR-1"] }],
    testingQaChecklist: [{ text: "CSV opens", checked: false }],
  };

  beforeAll(async () => {
    agent = await connectV1(tokens.readWrite);
    const { project } = await callOk(agent, "project_create", { name: "Trace over MCP", idempotencyKey: newKey() });
    briefId = (await callOk(agent, "brief_create", { projectId: project.id, title: "Invoices", content, idempotencyKey: newKey() })).brief.id;
  });
  afterAll(async () => {
    await agent?.close();
  });

  it("claims a ticket and reports it done exactly once per key; an unknown ticket is a clear error", async () => {
    const claim = await callOk(agent, "brief_work_order_update", { briefId, ticketId: "T-1", status: "in_progress", idempotencyKey: newKey() });
    expect(claim.workOrder).toMatchObject({ ticketId: "T-1", status: "in_progress", assignee: expect.stringMatching(/ via agent-rw$/), entries: 1 });
    const args = { briefId, ticketId: "T-1", status: "done", links: [{ label: "pull request", url: "https://github.com/acme/app/pull/12" }], idempotencyKey: newKey() };
    const done = await callTool(agent, "brief_work_order_update", args);
    const replay = await callTool(agent, "brief_work_order_update", args);
    expect(replay.structuredContent).toEqual(done.structuredContent);
    expect(replay._meta?.["dev.briefs/idempotency"]).toMatchObject({ replayed: true });
    const reused = await callTool(agent, "brief_work_order_update", { ...args, status: "blocked" });
    expect(reused.structuredContent).toMatchObject({ error: { code: "IDEMPOTENCY_KEY_REUSED" } });

    const unknown = await callTool(agent, "brief_work_order_update", { briefId, ticketId: "T-404", status: "done", idempotencyKey: newKey() });
    expect(unknown.isError).toBe(true);
    expect(unknown.structuredContent).toMatchObject({ error: { code: "VALIDATION_ERROR", details: { issues: [{ path: "ticketId" }] } } });
    const { items } = await callOk(agent, "brief_collection_list", { briefId, collection: "workOrders" });
    expect(items).toHaveLength(2);
  });

  it("traces the brief: the gaps say what is claimed but not proven, untraced and unbound", async () => {
    const trace = await callOk(agent, "brief_trace", { briefId });
    expect(trace.proof).toMatchObject({ proven: 0, needed: 2 });
    expect(trace.requirements).toEqual([
      { index: 0, id: "FR-1", text: "FR-1: Export as CSV", traceable: true, tickets: ["T-1"] },
      { index: 1, id: null, text: "Export as PDF", traceable: false, tickets: [] },
    ]);
    expect(trace.criteria.map((c: Loose) => [c.id, c.status])).toEqual([
      ["AC-1", "unproven"],
      ["AC-2", "unplanned"],
    ]);
    const kinds = trace.gaps.map((gap: Loose) => gap.kind);
    expect(kinds).toEqual(expect.arrayContaining(["requirement_without_id", "unknown_criterion", "criterion_without_ticket", "claimed_not_proven"]));
    expect(trace.gaps.find((gap: Loose) => gap.kind === "claimed_not_proven")).toMatchObject({ ticketId: "T-1", criterionIds: ["AC-1"] });
    expect(trace.gaps.find((gap: Loose) => gap.kind === "unknown_criterion")).toMatchObject({ ticketId: "T-1", criterionId: "AC-9" });
  });

  it("adds evidence with a file, serves the file to readers only, and proves the criterion", async () => {
    const args = {
      briefId,
      criterionIds: ["AC-1"],
      kind: "screenshot",
      result: "pass",
      summary: "The **CSV** downloads",
      file: { name: "csv.png", mediaType: "image/png", base64: PNG.toString("base64") },
      idempotencyKey: newKey(),
    };
    const added = await callTool(agent, "brief_evidence_add", args);
    expect(added.isError).toBeFalsy();
    const evidence = (added.structuredContent as Loose).evidence;
    expect(evidence).toMatchObject({ criterionIds: ["AC-1"], kind: "screenshot", result: "pass", versionNum: 1, file: { name: "csv.png", mediaType: "image/png", size: PNG.length } });
    expect(evidence.fileUrl.startsWith(`${origin}/`)).toBe(true);
    expect((await callTool(agent, "brief_evidence_add", args)).structuredContent).toEqual(added.structuredContent);

    const file = await fetch(evidence.fileUrl, { headers: bearer(tokens.readOnly) });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-disposition")).toContain("csv.png");
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    const stranger = await fetch(evidence.fileUrl, { headers: bearer(tokens.otherUser) });
    expect(stranger.status).toBe(404);
    const anonymous = await fetch(evidence.fileUrl);
    expect([401, 404]).toContain(anonymous.status);

    const trace = await callOk(agent, "brief_trace", { briefId });
    expect(trace.criteria[0]).toMatchObject({ id: "AC-1", status: "proven", evidence: [{ id: evidence.id, current: true, result: "pass" }] });
    expect(trace.gaps.map((gap: Loose) => gap.kind)).not.toContain("claimed_not_proven");
    const shown = ((await agent.callTool({ name: "brief_show", arguments: { briefId } })) as Loose).structuredContent;
    expect(shown.criteria).toEqual([
      { id: "AC-1", text: "A CSV file downloads", status: "proven" },
      { id: "AC-2", text: "Totals match", status: "unplanned" },
    ]);
  });

  it("refuses evidence for a criterion the brief lacks, a file whose bytes are not its type, and a read-only token", async () => {
    const unknown = await callTool(agent, "brief_evidence_add", { briefId, criterionIds: ["AC-1", "AC-7"], kind: "link", result: "pass", summary: "x", url: "https://ci.example.com/run/1", idempotencyKey: newKey() });
    expect(unknown.structuredContent).toMatchObject({ error: { code: "VALIDATION_ERROR", details: { issues: [{ path: "criterionIds[1]" }] } } });
    const disguised = await callTool(agent, "brief_evidence_add", {
      briefId,
      criterionIds: ["AC-1"],
      kind: "document",
      result: "pass",
      summary: "x",
      file: { name: "report.pdf", mediaType: "application/pdf", base64: PNG.toString("base64") },
      idempotencyKey: newKey(),
    });
    expect(disguised.structuredContent).toMatchObject({ error: { code: "VALIDATION_ERROR" } });
    const readOnly = await postMcp(call("brief_evidence_add", { briefId, criterionIds: ["AC-1"], kind: "link", result: "pass", summary: "x", url: "https://ci.example.com/run/1", idempotencyKey: newKey() }), bearer(tokens.readOnly));
    expect(readOnly.status).toBe(403);
    const { items } = await callOk(agent, "brief_collection_list", { briefId, collection: "artifacts" });
    expect(items).toHaveLength(1);
  });

  it("refuses the trace and the proof tools on another tenant's brief, as every read and write", async () => {
    const outsider = await connectV1(tokens.otherUser);
    try {
      for (const [name, args] of [
        ["brief_trace", { briefId }],
        ["brief_work_order_update", { briefId, ticketId: "T-1", status: "done", idempotencyKey: newKey() }],
        ["brief_evidence_add", { briefId, criterionIds: ["AC-1"], kind: "link", result: "pass", summary: "x", url: "https://ci.example.com/run/2", idempotencyKey: newKey() }],
      ] as const) {
        const answer = await callTool(outsider, name, args);
        expect(answer.isError).toBe(true);
        expect(answer.structuredContent).toEqual({ error: { code: "PROJECT_ACCESS_DENIED", message: expect.any(String) } });
      }
    } finally {
      await outsider.close();
    }
  });

  it("makes evidence suspect when the criterion's text changes, and not when anything else does", async () => {
    const { brief } = await callOk(agent, "brief_get_full", { briefId });
    const base = { ...brief.content, checklist: undefined };
    await callOk(agent, "brief_update", { briefId, content: { ...base, goal: "Export invoices, fast" }, idempotencyKey: newKey() });
    expect((await callOk(agent, "brief_trace", { briefId })).criteria[0].status).toBe("proven");
    const edited = { ...base, acceptanceCriteria: [{ id: "AC-1", text: "A CSV file downloads within 2 seconds" }, base.acceptanceCriteria[1]] };
    await callOk(agent, "brief_update", { briefId, content: edited, idempotencyKey: newKey() });
    const trace = await callOk(agent, "brief_trace", { briefId });
    expect(trace.criteria[0]).toMatchObject({ status: "suspect", evidence: [{ current: false }] });
    expect(trace.gaps).toContainEqual(expect.objectContaining({ kind: "suspect_evidence", criterionId: "AC-1" }));
  });
});
