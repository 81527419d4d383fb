import { describe, expect, it } from "vitest";
import { formatIssuePath } from "./issue-report";

describe("formatIssuePath", () => {
  it("reads like the JSON it points into", () => {
    expect(formatIssuePath("content", ["requirements", 3])).toBe("content.requirements[3]");
    expect(formatIssuePath("content", ["acceptanceCriteria", 0, "manualEvidence"])).toBe(
      "content.acceptanceCriteria[0].manualEvidence",
    );
    expect(formatIssuePath("", ["title"])).toBe("title");
    expect(formatIssuePath("content", [])).toBe("content");
  });

  it("quotes keys that are not identifiers", () => {
    expect(formatIssuePath("content", ["x-meta", "a b", "1"])).toBe('content["x-meta"]["a b"]["1"]');
  });
});
