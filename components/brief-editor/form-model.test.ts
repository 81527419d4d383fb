import { describe, expect, it } from "vitest";
import { contentFromModel, modelFromContent, readOnlyKeys, validateDraft, withSection } from "@/components/brief-editor/form-model";
import { diffContents } from "@/components/brief-editor/section-diff";
import { DomainError, type ValidationIssue } from "@/lib/errors";
import type { BriefContent } from "@/lib/briefs/schema";
import { parseContentInput } from "@/lib/briefs/validate-content";

/** The editor's working copy must send back what it was given, and judge a draft as the server does. */

const stored = {
  "x-agent": { run: 7 },
  goal: "Pay as a guest",
  requirements: ["Card payment"],
  testingQaChecklist: [{ text: "Try it", checked: true, addedBy: "Ann", checkedBy: "Ann", checkedAt: "2026-01-01T00:00:00.000Z" }],
  checklist: [{ text: "Try it", checked: true, addedBy: "Ann", checkedBy: "Ann", checkedAt: "2026-01-01T00:00:00.000Z" }],
  generatedTickets: [{ id: "T-1", title: "Form", description: null, boundCriteria: [] }],
  _draft: { notes: ["later"] },
} as unknown as BriefContent;

function serverIssues(content: unknown): ValidationIssue[] {
  try {
    parseContentInput(content);
    return [];
  } catch (error) {
    if (error instanceof DomainError && error.code === "VALIDATION_ERROR") return error.details!.issues as ValidationIssue[];
    throw error;
  }
}

describe("the brief editor's form model", () => {
  it("sends back unknown keys and _draft unchanged and in place, drops the checklist mirror and server attribution", () => {
    const sent = contentFromModel(modelFromContent("T", stored, "v1"), stored);
    expect(Object.keys(sent)).toEqual(["x-agent", "goal", "requirements", "testingQaChecklist", "generatedTickets", "_draft"]);
    expect(sent["x-agent"]).toEqual({ run: 7 });
    expect(sent._draft).toEqual({ notes: ["later"] });
    expect(sent.testingQaChecklist).toEqual([{ text: "Try it", checked: true }]);
    // A legacy ticket gets the list writes require.
    expect(sent.generatedTickets).toEqual([{ id: "T-1", title: "Form", description: null, boundCriteria: [], boundRequirements: [] }]);
    expect(readOnlyKeys(stored)).toEqual(["x-agent", "_draft"]);
  });

  it("keeps omission apart from an empty value", () => {
    const model = modelFromContent("T", stored, "v1");
    const cleared = withSection(withSection(model, "requirements", [], stored), "edgeCases", [], stored);
    const sent = contentFromModel(cleared, stored);
    expect(sent.requirements).toEqual([]);
    expect(Object.hasOwn(sent, "edgeCases")).toBe(false);
    const typedThenCleared = withSection(model, "scope", "", stored);
    expect(Object.hasOwn(contentFromModel(typedThenCleared, stored), "scope")).toBe(false);
  });

  it("reports the same fields as the server, by the same paths", () => {
    const bad = {
      goal: "x".repeat(4001),
      requirements: ["", "fine"],
      acceptanceCriteria: [{ id: "bad id", text: "t", implementation: false }],
      generatedTickets: [{ id: "T-1", title: "", description: null, boundCriteria: ["AC 1"], boundRequirements: [] }],
      decisions: [{ text: "" }],
    } as unknown as BriefContent;
    const client = validateDraft(modelFromContent("Title", bad, "v1"), {}).map((i) => i.path);
    const server = serverIssues(bad).map((i) => i.path);
    expect(server.length).toBeGreaterThan(0);
    expect(new Set(client)).toEqual(new Set(server));
    expect(client).toContain("content.requirements[0]");
    expect(client).toContain("content.acceptanceCriteria[0].manualEvidence");
    expect(validateDraft(modelFromContent("", {}, "v1"), {}).map((i) => i.path)).toEqual(["title"]);
  });

  it("diffs section by section, ignoring key order and the mirror", () => {
    const before = { goal: "a", requirements: ["one", "two"], decisions: [{ stated: true, text: "d" }] } as BriefContent;
    const after = { requirements: ["one", "three"], decisions: [{ text: "d", stated: true }], checklist: [] } as unknown as BriefContent;
    const changes = diffContents(before, after);
    expect(changes.map((c) => [c.key, c.status])).toEqual([
      ["goal", "removed"],
      ["requirements", "changed"],
    ]);
    expect(changes[1].lines).toEqual([
      { op: "same", text: "one" },
      { op: "del", text: "two" },
      { op: "add", text: "three" },
    ]);
  });
});
