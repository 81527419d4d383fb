import { describe, expect, it } from "vitest";
import type { Trace } from "@/lib/trace/trace-schema";
import { findingsByRow, openRowFindings, unplacedFindings, type RowFinding } from "./row-findings";

const finding = (id: string, row: { index: number; text: string }, criterionIds: string[] = []): RowFinding => ({
  id,
  source: "checklist",
  severity: "major",
  note: `note ${id}`,
  criterionIds,
  row,
  createdAt: "2026-11-21T06:01:00.000Z",
  createdBy: "Quinn",
});

function traceWith(openFindings: RowFinding[]): Trace {
  return {
    briefId: "b",
    versionNum: 2,
    proof: { proven: 0, needed: 0, exempt: 0, openFindings: openFindings.length, complete: false },
    requirements: [],
    criteria: [],
    tickets: [],
    openFindings,
    gaps: openFindings.map((f) => ({ kind: "open_finding", findingId: f.id, criterionIds: f.criterionIds, message: "" })),
  };
}

describe("openRowFindings", () => {
  it("takes the trace's open findings that were recorded for a row, with or without criteria", () => {
    const fromEvidence = { ...finding("e1", { index: 0, text: "x" }), row: undefined, source: "evidence" };
    const open = [finding("f1", { index: 0, text: "Pay" }, ["AC-1"]), finding("f2", { index: 1, text: "Refund" }), fromEvidence];
    expect(openRowFindings(traceWith(open)).map((f) => f.id)).toEqual(["f1", "f2"]);
  });
});

describe("findingsByRow", () => {
  it("puts a finding on its row, or on the row that moved with its text, and drops it when the text is gone", () => {
    const rows = [{ text: "Refund", checked: false }, { text: "Pay", checked: false }];
    const byRow = findingsByRow(rows, [finding("a", { index: 0, text: "Refund" }), finding("b", { index: 0, text: "Pay" }), finding("c", { index: 1, text: "Gone" })]);
    expect([...byRow.entries()].map(([index, list]) => [index, list.map((f) => f.id)])).toEqual([
      [0, ["a"]],
      [1, ["b"]],
    ]);
  });
});

describe("unplacedFindings", () => {
  it("keeps every open finding no row shows, so a person can still resolve it: failing evidence's, and a row's whose text is gone", () => {
    const rows = [{ text: "Refund", checked: false }];
    const fromEvidence = { ...finding("e1", { index: 0, text: "x" }, ["AC-9"]), row: undefined, source: "evidence" };
    const open = [finding("a", { index: 0, text: "Refund" }), finding("c", { index: 1, text: "Gone" }), fromEvidence];
    expect(unplacedFindings(rows, traceWith(open)).map((f) => f.id)).toEqual(["c", "e1"]);
  });
});
