import { describe, expect, it } from "vitest";
import { DEFAULT_QUALITY } from "@/components/quality/quality-input";
import { proposalQualityChange } from "./quality-change";

describe("proposalQualityChange", () => {
  it("compares the changed checked sections as they are and as accepting would make them", () => {
    const { added, removed } = proposalQualityChange(
      [
        { key: "requirements", current: ["The page shall load fast."], after: ["The page shall load within 2 s at p95.", "Support several formats."] },
        { key: "goal", current: "Fast pages.", after: "Quick pages, etc." },
      ],
      DEFAULT_QUALITY,
    );
    expect(removed.map((f) => [f.words, f.itemText])).toEqual([["fast", "The page shall load fast."]]);
    expect(added.map((f) => [f.words, f.index])).toEqual([["several", 1]]);
  });

  it("reads a section that is new or removed as empty on the other side, and skips malformed values", () => {
    const { added, removed } = proposalQualityChange(
      [
        { key: "edgeCases", current: undefined, after: ["Retry if possible."] },
        { key: "acceptanceCriteria", current: [{ id: "AC-1", text: "Search is quick." }], after: null },
        { key: "requiredEvidence", current: "not a list", after: [42] },
      ],
      DEFAULT_QUALITY,
    );
    expect(added.map((f) => f.words)).toEqual(["if possible"]);
    expect(removed.map((f) => f.words)).toEqual(["quick"]);
  });
});
