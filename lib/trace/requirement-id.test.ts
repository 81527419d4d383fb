import { describe, expect, it } from "vitest";
import { numberRequirements, requirementIdOf } from "./requirement-id";

describe("requirement ids", () => {
  it.each([
    ["FR-3: Export as CSV", "FR-3"],
    ["R12: Totals match", "R12"],
    ["NFR-1.2: Under 2 s", "NFR-1.2"],
    ["REQ42:", "REQ42"],
    ["r7:\tlower case letters count too", "r7"],
  ])("reads the leading id of %j", (text, id) => {
    expect(requirementIdOf(text)).toBe(id);
  });

  it.each([
    "Export as CSV",
    "FR-3 Export as CSV",
    " FR-3: leading space",
    "FR-3:Export (no space after the colon)",
    "FR-: no number",
    "3: a number alone",
    "Note: not an id",
    "FR--3: two hyphens",
    "https://example.com: a URL",
  ])("finds no id in %j", (text) => {
    expect(requirementIdOf(text)).toBeNull();
  });

  it("numbers the requirements without an id, skipping numbers already taken, and leaves the rest as they are", () => {
    expect(numberRequirements(["Export as CSV", "R1: Totals match", "FR-2: PDF", "Logo on the PDF"])).toEqual([
      "R2: Export as CSV",
      "R1: Totals match",
      "FR-2: PDF",
      "R3: Logo on the PDF",
    ]);
    expect(numberRequirements(["R1: a", "R2: b"])).toEqual(["R1: a", "R2: b"]);
  });
});
