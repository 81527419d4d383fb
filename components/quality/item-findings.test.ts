import { describe, expect, it } from "vitest";
import { briefQuality } from "@/lib/quality/quality-report";
import { itemFindings } from "./item-findings";
import { DEFAULT_QUALITY, type QualityInput } from "./quality-input";

describe("itemFindings", () => {
  it("finds what the whole-brief check finds in that item, with the item's index and id", () => {
    const content = { requirements: ["REQ-1: The export shall be a CSV file.", "REQ-2: The page shall load fast."], acceptanceCriteria: [{ id: "AC-7", text: "Search is quick, etc." }] };
    const whole = briefQuality(content).findings;
    const byItem = [
      ...itemFindings(DEFAULT_QUALITY, "requirements", 0, null, content.requirements[0]),
      ...itemFindings(DEFAULT_QUALITY, "requirements", 1, null, content.requirements[1]),
      ...itemFindings(DEFAULT_QUALITY, "acceptanceCriteria", 0, "AC-7", content.acceptanceCriteria[0].text),
    ];
    expect(byItem).toEqual(whole);
  });

  it("answers again from memory for the same text, under the rules it was asked with", () => {
    const first = itemFindings(DEFAULT_QUALITY, "edgeCases", 0, null, "Retry a few times.");
    expect(itemFindings(DEFAULT_QUALITY, "edgeCases", 3, null, "Retry a few times.")).toEqual(first.map((f) => ({ ...f, index: 3 })));
    const strict: QualityInput = { rules: { disabledRules: ["vague-term"], extraVagueTerms: [], earsRequired: false }, suppressions: [] };
    expect(itemFindings(strict, "edgeCases", 0, null, "Retry a few times.")).toEqual([]);
  });

  it("leaves out a finding someone suppressed on this text", () => {
    const text = "The page shall load fast.";
    const [f] = itemFindings(DEFAULT_QUALITY, "requirements", 0, null, text);
    const quality: QualityInput = {
      rules: DEFAULT_QUALITY.rules,
      suppressions: [{ id: "s1", section: "requirements", ruleId: f.ruleId, start: f.start, end: f.end, words: f.words, itemText: text, reason: "Marketing copy", createdBy: "Pam", createdAt: "2026-01-01T00:00:00Z" }],
    };
    expect(itemFindings(quality, "requirements", 0, null, text)).toEqual([]);
  });
});
