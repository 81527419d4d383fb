import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { allScopes } from "@/lib/auth/scopes";
import { DomainError } from "@/lib/errors";
import type { IdempotentOutcome } from "@/lib/idempotency/run-idempotent";
import { readTool, writeTool } from "./define-tool";
import { runTool } from "./tool-result";

const actor: Actor = { userId: "u1", email: "u1@example.test", label: "u1@example.test via t", door: "mcp", scopes: allScopes };
const readAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

function toolAnswering(answer: () => Promise<object>) {
  return readTool({
    name: "probe",
    title: "Probe",
    description: "A tool for testing the result mapping.",
    inputSchema: z.strictObject({}),
    outputSchema: z.strictObject({ value: z.number() }),
    annotations: readAnnotations,
    risk: "low",
    confirmation: "none",
    errors: ["BRIEF_VERSION_CONFLICT"],
    handler: answer,
  });
}

describe("the MCP result mapping", () => {
  afterEach(() => vi.restoreAllMocks());

  it("puts a success in structuredContent and the same JSON in the one text item", async () => {
    const result = await runTool(toolAnswering(async () => ({ value: 1 })), actor, {});
    expect(result).toEqual({ content: [{ type: "text", text: '{"value":1}' }], structuredContent: { value: 1 } });
  });

  it("adds the idempotency marker of a write", async () => {
    const outcome: IdempotentOutcome<{ value: number }> = { result: { value: 2 }, replayed: true, firstSeenAt: "2026-01-01T00:00:00.000Z" };
    const tool = writeTool({
      name: "probe_write",
      title: "Probe write",
      description: "A write for testing the result mapping.",
      inputSchema: z.strictObject({ idempotencyKey: z.string() }),
      outputSchema: z.strictObject({ value: z.number() }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      risk: "low",
      confirmation: "implicit",
      errors: [],
      handler: async () => outcome,
    });
    const result = await runTool(tool, actor, { idempotencyKey: "k" });
    expect(result._meta).toEqual({ "dev.briefs/idempotency": { replayed: true, firstSeenAt: "2026-01-01T00:00:00.000Z" } });
    expect(result.structuredContent).toEqual({ value: 2 });
  });

  it("publishes the codes every tool can answer, a write's key reuse, and the tool's own, in the contract's order", () => {
    expect(toolAnswering(async () => ({ value: 1 })).errorCodes).toEqual([
      "VALIDATION_ERROR",
      "PROJECT_ACCESS_DENIED",
      "BRIEF_VERSION_CONFLICT",
      "INTERNAL_ERROR",
    ]);
  });

  it("maps a DomainError to isError with its code, message and details", async () => {
    const error = new DomainError("BRIEF_VERSION_CONFLICT", "Re-read the brief.", { reason: "VERSION_MISMATCH", currentVersionNum: 3 });
    const result = await runTool(toolAnswering(() => Promise.reject(error)), actor, {});
    const body = { error: { code: "BRIEF_VERSION_CONFLICT", message: "Re-read the brief.", details: { reason: "VERSION_MISMATCH", currentVersionNum: 3 } } };
    expect(result).toEqual({ isError: true, content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body });
  });

  it.each([
    ["a thrown defect", () => Promise.reject(new Error("connection to db.internal:5432 refused"))],
    ["a result off its outputSchema", async () => ({ value: "connection to db.internal:5432 refused" })],
    ["an error code the tool does not publish", () => Promise.reject(new DomainError("INVALID_CURSOR", "db.internal cursor"))],
  ])("answers %s with INTERNAL_ERROR and a request id, logging the details only", async (_, answer) => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await runTool(toolAnswering(answer), actor, {});
    expect(result.isError).toBe(true);
    const { error } = result.structuredContent as { error: { code: string; details: { requestId: string } } };
    expect(error.code).toBe("INTERNAL_ERROR");
    expect(error.details.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(result)).not.toContain("db.internal");
    expect(String(log.mock.calls[0][0])).toContain(error.details.requestId);
  });
});
