/**
 * The quality check over HTTP, through both official clients (which check every result against
 * its published output schema): brief_check on a stored brief and on a draft, qualityFindings in
 * the answers of brief_create, brief_update and brief_propose, and the review gate.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import type { Client as ClientV2 } from "@modelcontextprotocol/client";
import { callOk, callTool, connectV1, connectV2, mcpServer, newKey, type Loose } from "../support/mcp-clients";

const { tokens, qualityGatedProjectId } = mcpServer();

const content = {
  goal: "Let shoppers pay with a saved card.",
  requirements: ["FR-1: The checkout page shall load fast.", "FR-2: The system shall store card tokens, not card numbers.", "When a payment fails, the system shall email the payer."],
  acceptanceCriteria: [{ id: "AC-1", text: "Payment completes in a timely manner, etc." }],
};

describe(`quality findings over MCP on ${process.env.BRIEFS_TEST_DB}`, () => {
  let v1: ClientV1;
  let v2: ClientV2;
  let other: ClientV1;
  let projectId: string;

  beforeAll(async () => {
    [v1, v2, other] = await Promise.all([connectV1(tokens.readWrite), connectV2(tokens.readWrite), connectV1(tokens.otherUser)]);
    projectId = (await callOk(v1, "project_create", { name: "Quality", idempotencyKey: newKey() })).project.id;
  });
  afterAll(async () => {
    await Promise.all([v1?.close(), v2?.close(), other?.close()]);
  });

  it("brief_create counts the findings it wrote, and brief_check lists them with their places", async () => {
    const created = await callOk(v1, "brief_create", { projectId, title: "Saved cards", content, idempotencyKey: newKey() });
    expect(created.qualityFindings).toBe(3);

    const check = await callOk(v2, "brief_check", { briefId: created.brief.id });
    expect(check.findings.map((f: Loose) => [f.ruleId, f.section, f.index, f.itemId, f.words, f.severity])).toEqual([
      ["vague-term", "requirements", 0, "FR-1", "fast", "error"],
      ["vague-time", "acceptanceCriteria", 0, "AC-1", "in a timely manner", "warning"],
      ["open-ended", "acceptanceCriteria", 0, "AC-1", "etc.", "error"],
    ]);
    const [first] = check.findings;
    expect(content.requirements[0].slice(first.start, first.end)).toBe("fast");
    expect(first.message).toContain("fast");
    expect(first.suggestion).not.toBe("");
    expect(check.ears).toEqual([
      { index: 0, pattern: "ubiquitous" },
      { index: 1, pattern: "ubiquitous" },
      { index: 2, pattern: "event" },
    ]);
    expect(check.summary).toEqual({ errors: 2, warnings: 1, suppressed: 0, byRule: { "vague-term": 1, "open-ended": 1, "vague-time": 1 } });
  });

  it("brief_check on a draft checks the draft, writes nothing, and refuses bad content like brief_update", async () => {
    const { brief } = await callOk(v1, "brief_create", { projectId, title: "Draft check", content, idempotencyKey: newKey() });
    const draft = { ...content, requirements: ["FR-1: The checkout page shall load within 2 s at p95.", "The page should be intuitive/clean"] };
    const check = await callOk(v1, "brief_check", { briefId: brief.id, content: draft });
    expect(check.findings.filter((f: Loose) => f.section === "requirements").map((f: Loose) => `${f.ruleId}:${f.words}`)).toEqual(["weak-modal:should", "oblique:intuitive/clean"]);
    expect(check.ears).toEqual([{ index: 0, pattern: "ubiquitous" }, { index: 1, pattern: null }]);
    expect((await callOk(v1, "brief_get_full", { briefId: brief.id })).brief.versionNum).toBe(1);

    const bad = await callTool(v1, "brief_check", { briefId: brief.id, content: { requirements: "not a list" } });
    expect(bad.isError).toBe(true);
    expect((bad.structuredContent as Loose).error.code).toBe("VALIDATION_ERROR");
    const hidden = await callTool(other, "brief_check", { briefId: brief.id });
    expect((hidden.structuredContent as Loose).error.code).toBe("PROJECT_ACCESS_DENIED");
  });

  it("brief_update and brief_propose count the findings in the sections they wrote", async () => {
    const { brief } = await callOk(v1, "brief_create", { projectId, title: "Counts", content, idempotencyKey: newKey() });
    const titleOnly = await callOk(v1, "brief_update", { briefId: brief.id, title: "Counts, renamed", idempotencyKey: newKey() });
    expect(titleOnly.qualityFindings).toBe(0);
    const fixed = await callOk(v2, "brief_update", {
      briefId: brief.id,
      content: { ...content, requirements: ["FR-1: The checkout page shall load within 2 s at p95."], acceptanceCriteria: [{ id: "AC-1", text: "Payment completes within 10 s." }] },
      ifVersionNum: 1,
      idempotencyKey: newKey(),
    });
    expect(fixed.qualityFindings).toBe(0);
    const proposed = await callOk(v1, "brief_propose", {
      briefId: brief.id,
      baseVersionNum: 2,
      changes: { edgeCases: ["The card is declined by the bank: TBD"] },
      summary: "Edge cases",
      idempotencyKey: newKey(),
    });
    expect(proposed.qualityFindings).toBe(1);
  });

  it("a project that requires quality refuses review with QUALITY_FINDINGS_OPEN naming the findings, and admits it once they are fixed", async () => {
    const { brief } = await callOk(v1, "brief_create", { projectId: qualityGatedProjectId, title: "Gated", content, idempotencyKey: newKey() });
    const refused = await callTool(v1, "brief_transition", { briefId: brief.id, to: "in_review", idempotencyKey: newKey() });
    expect(refused.isError).toBe(true);
    const error = (refused.structuredContent as Loose).error;
    expect(error.code).toBe("BRIEF_STATE_CONFLICT");
    expect(error.details.reason).toBe("QUALITY_FINDINGS_OPEN");
    // Errors only: the vague time is a warning and does not hold the brief back.
    expect(error.details.findings.map((f: Loose) => `${f.ruleId}:${f.words}`)).toEqual(["vague-term:fast", "open-ended:etc."]);
    expect((await callOk(v1, "brief_get_full", { briefId: brief.id })).brief.state).toBe("drafting");

    await callOk(v1, "brief_update", {
      briefId: brief.id,
      content: { ...content, requirements: ["FR-1: The checkout page shall load within 2 s at p95."], acceptanceCriteria: [{ id: "AC-1", text: "Payment completes in a timely manner." }] },
      idempotencyKey: newKey(),
    });
    const moved = await callOk(v2, "brief_transition", { briefId: brief.id, to: "in_review", idempotencyKey: newKey() });
    expect(moved.brief.state).toBe("in_review");
  });
});
