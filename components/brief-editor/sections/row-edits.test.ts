import { describe, expect, it } from "vitest";
import type { Row } from "../form-model";
import { boundCriteriaOptions, lowerFirst, moveRow, nextId, parseIds, updateRow, withBoundCriterion, withImplementation } from "./row-edits";

const rows: Row<string>[] = [
  { key: "a", value: "first" },
  { key: "b", value: "second" },
  { key: "c", value: "third" },
];

describe("editing the rows of a list section", () => {
  it("moves a row up or down and keeps its key, so its input keeps focus and text", () => {
    expect(moveRow(rows, 2, -1).map((r) => r.key)).toEqual(["a", "c", "b"]);
    expect(moveRow(rows, 0, 1).map((r) => r.key)).toEqual(["b", "a", "c"]);
    expect(rows.map((r) => r.key)).toEqual(["a", "b", "c"]);
  });

  it("changes only the row of the given key", () => {
    expect(updateRow(rows, "b", (v) => v.toUpperCase())).toEqual([rows[0], { key: "b", value: "SECOND" }, rows[2]]);
    expect(updateRow(undefined, "b", (v: string) => v)).toEqual([]);
  });

  it("proposes the next free id for a new criterion or ticket", () => {
    expect(nextId("AC", [])).toBe("AC-1");
    expect(nextId("AC", ["AC-1", "AC-2"])).toBe("AC-3");
    expect(nextId("T", ["T-2", "x"])).toBe("T-3");
    expect(nextId("T", ["T-3", "T-4"])).toBe("T-5");
  });

  it("names items in running text without lowering acronyms", () => {
    expect(lowerFirst("Edge case")).toBe("edge case");
    expect(lowerFirst("UI/UX test")).toBe("UI/UX test");
  });

  it("reads typed requirement ids separated by commas or spaces", () => {
    expect(parseIds(" REQ-1, REQ-2  REQ-3,,")).toEqual(["REQ-1", "REQ-2", "REQ-3"]);
    expect(parseIds("")).toEqual([]);
  });
});

describe("a criterion's implementation switch", () => {
  it("opens an empty manual evidence form when no implementation is needed", () => {
    expect(withImplementation({ id: "AC-1", text: "t" }, false)).toEqual({ id: "AC-1", text: "t", implementation: false, manualEvidence: { rationale: "", evidencePath: "" } });
  });

  it("drops untouched evidence when implementation is needed again, and keeps written evidence", () => {
    const blank = withImplementation({ id: "AC-1", text: "t" }, false);
    expect(withImplementation(blank, true).manualEvidence).toBeUndefined();
    const written = { ...blank, manualEvidence: { rationale: "Copy review", evidencePath: "" } };
    expect(withImplementation(written, true)).toMatchObject({ implementation: undefined, manualEvidence: { rationale: "Copy review" } });
  });
});

describe("binding a ticket to criteria", () => {
  it("offers the brief's criteria first, then bound ids that are no longer criteria", () => {
    expect(boundCriteriaOptions(["AC-1", "AC-2"], ["AC-9", "AC-2"])).toEqual(["AC-1", "AC-2", "AC-9"]);
  });

  it("keeps bound ids in the order of the options", () => {
    const options = ["AC-1", "AC-2", "AC-3"];
    expect(withBoundCriterion(options, ["AC-3"], "AC-1", true)).toEqual(["AC-1", "AC-3"]);
    expect(withBoundCriterion(options, ["AC-1", "AC-3"], "AC-1", false)).toEqual(["AC-3"]);
  });
});
