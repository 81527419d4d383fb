import { describe, expect, it } from "vitest";
import { documentOf } from "./brief-document";
import type { BriefContent } from "./schema";
import { searchTextMayDiffer } from "./search-document";

const base: BriefContent = {
  goal: "Export invoices",
  testingQaChecklist: [
    { text: "CSV opens", checked: false },
    { text: "PDF renders", checked: false },
  ],
};

function differs(before: BriefContent, after: BriefContent): boolean {
  const previous = documentOf(before);
  return searchTextMayDiffer(previous, documentOf(after, previous));
}

describe("searchTextMayDiffer", () => {
  it("is false for a tick or an untick, with or without attribution", () => {
    const ticked = { ...base, testingQaChecklist: [{ text: "CSV opens", checked: true, checkedBy: "Alice", checkedAt: "2026-01-01T00:00:00Z" }, base.testingQaChecklist![1]] };
    expect(differs(base, ticked)).toBe(false);
    expect(differs(ticked, base)).toBe(false);
  });

  it("is false for the keys that are not sections and for reordered keys", () => {
    expect(differs(base, { ...base, _draft: { goal: "draft" } })).toBe(false);
    expect(differs(base, { testingQaChecklist: base.testingQaChecklist, goal: base.goal })).toBe(false);
  });

  it("is true when a QA row's text changes, a row comes or goes, or the rows move", () => {
    const [a, b] = base.testingQaChecklist!;
    expect(differs(base, { ...base, testingQaChecklist: [{ ...a, text: "CSV opens in Excel" }, b] })).toBe(true);
    expect(differs(base, { ...base, testingQaChecklist: [a] })).toBe(true);
    expect(differs(base, { ...base, testingQaChecklist: [b, a] })).toBe(true);
    expect(differs(base, { goal: base.goal })).toBe(true);
  });

  it("is true for any change of another section, however small", () => {
    expect(differs(base, { ...base, goal: "Export invoices!" })).toBe(true);
    expect(differs(base, { ...base, requirements: [] })).toBe(true);
    expect(differs(base, { ...base, acceptanceCriteria: [{ id: "AC-1", text: "x" }] })).toBe(true);
  });
});
