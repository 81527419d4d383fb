import { describe, expect, it } from "vitest";
import { findingDiff, placedFindings } from "./finding-diff";
import { DEFAULT_QUALITY } from "./quality-input";

const words = (findings: { ruleId: string; words: string }[]) => findings.map((f) => `${f.ruleId}:${f.words}`);
const diff = (before: object, after: object) => findingDiff(placedFindings(before, DEFAULT_QUALITY), placedFindings(after, DEFAULT_QUALITY));

describe("findingDiff", () => {
  it("lists the findings a change adds and those it removes", () => {
    const { added, removed } = diff(
      { requirements: ["The page shall load fast."], edgeCases: ["Retry if possible."] },
      { requirements: ["The page shall load within 2 s at p95."], edgeCases: ["Retry if possible.", "Keep several copies."] },
    );
    expect(words(removed)).toEqual(["vague-term:fast"]);
    expect(words(added)).toEqual(["vague-term:several"]);
    expect(added[0]).toMatchObject({ section: "edgeCases", index: 1, itemText: "Keep several copies." });
  });

  it("leaves out a finding whose item only moved", () => {
    const { added, removed } = diff(
      { requirements: ["The page shall load fast."] },
      { requirements: ["The export shall be a CSV file.", "The page shall load fast."] },
    );
    expect(added).toEqual([]);
    expect(removed).toEqual([]);
  });

  it("counts a second finding of the same words in another item as new", () => {
    const { added } = diff(
      { requirements: ["The page shall load fast."] },
      { requirements: ["The page shall load fast.", "The page shall load fast."] },
    );
    expect(words(added)).toEqual(["vague-term:fast"]);
    expect(added[0].index).toBe(1);
  });

  it("tells the same words in an edited item apart by the item's text", () => {
    const { added, removed } = diff({ acceptanceCriteria: [{ id: "AC-1", text: "Search is fast." }] }, { acceptanceCriteria: [{ id: "AC-1", text: "Search is fast for admins." }] });
    expect(words(added)).toEqual(["vague-term:fast"]);
    expect(words(removed)).toEqual(["vague-term:fast"]);
    expect(added[0].itemId).toBe("AC-1");
  });
});
