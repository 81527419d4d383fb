import { describe, expect, it } from "vitest";
import { checkRunSummary, type CheckCriterion } from "./check-run-summary";

const head = "0123456789abcdef0123456789abcdef01234567";
const criterion = (id: string, status: string, more: Partial<CheckCriterion> = {}): CheckCriterion => ({ id, text: `${id} holds`, status, openFindings: 0, failingFindings: 0, ...more });
const conclusionOf = (...criteria: CheckCriterion[]) => checkRunSummary([{ briefId: "b1", projectId: "p1", title: "Export", criteria }], head, "https://briefs.example.com/").conclusion;

describe("the Briefs check's conclusion", () => {
  it("is success only when every bound criterion is proven or exempt with nothing open", () => {
    expect(conclusionOf(criterion("AC-1", "proven"), criterion("AC-2", "exempt"))).toBe("success");
    expect(conclusionOf(criterion("AC-1", "proven"), criterion("AC-2", "planned"))).toBe("neutral");
    expect(conclusionOf(criterion("AC-1", "proven", { openFindings: 1 }))).toBe("neutral");
    expect(conclusionOf()).toBe("neutral");
  });

  it("is failure when a criterion fails at the commit or a finding from failing evidence is open on it", () => {
    expect(conclusionOf(criterion("AC-1", "proven"), criterion("AC-2", "failing"))).toBe("failure");
    expect(conclusionOf(criterion("AC-1", "suspect", { openFindings: 1, failingFindings: 1 }))).toBe("failure");
  });
});

describe("the Briefs check's summary", () => {
  it("keeps each criterion on one table row and links the trace without a doubled slash", () => {
    const { title, summary } = checkRunSummary(
      [{ briefId: "b1", projectId: "p1", title: "Export", criteria: [criterion("AC-1", "proven", { text: "A | B\nC" })] }],
      head,
      "https://briefs.example.com/",
    );
    expect(title).toBe("1 of 1 criteria proven at 0123456");
    expect(summary).toContain("| AC-1 | A \\| B C | proven |");
    expect(summary).toContain("(https://briefs.example.com/projects/p1/briefs/b1/trace)");
  });
});
