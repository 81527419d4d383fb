import { describe, expect, it } from "vitest";
import { checkContent } from "@/lib/quality/check-content";
import { markSegments, segmentSeverity } from "./mark-segments";

describe("markSegments", () => {
  it("cuts the text where findings start and end, with the findings over each stretch", () => {
    const text = "The page shall load fast.";
    const { findings } = checkContent({ requirements: [text] });
    const segments = markSegments(text, findings);
    expect(segments.map((s) => s.text)).toEqual(["The page shall load ", "fast", "."]);
    expect(segments.map(segmentSeverity)).toEqual([null, "error", null]);
    expect(segments.map((s) => s.text).join("")).toBe(text);
  });

  it("marks words under a finding that covers the whole item with both", () => {
    const text = "Pages load fast.";
    const { findings } = checkContent({ requirements: [text] }, { disabledRules: [], extraVagueTerms: [], earsRequired: true });
    const segments = markSegments(text, findings);
    expect(segments.map((s) => [s.text, s.findings.map((f) => f.ruleId).sort()])).toEqual([
      ["Pages load ", ["ears"]],
      ["fast", ["ears", "vague-term"]],
      [".", ["ears"]],
    ]);
  });

  it("is the whole text, unmarked, without findings", () => {
    expect(markSegments("Plain.", [])).toEqual([{ start: 0, end: 6, text: "Plain.", findings: [] }]);
    expect(markSegments("", [])).toEqual([]);
  });
});
