import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { parseContentInput } from "./validate-content";

// Strings that hit the string rules as well as ordinary text.
const unit = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom("\u0000", "\uD800", "\uDFFF", "😀", "é") },
  { weight: 9, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
);
const text = fc.string({ unit, maxLength: 20 });
const json = fc.jsonValue({ maxDepth: 4 });

// Objects shaped like content, so that the schema's deeper paths are exercised, not only the top level.
const criterionLike = fc.record(
  { id: text, text, implementation: fc.boolean(), manualEvidence: fc.record({ rationale: text, evidencePath: text }) },
  { requiredKeys: [] },
);
const rowLike = fc.record(
  { text, checked: fc.boolean(), addedBy: text, checkedAt: fc.oneof(text, fc.constant("2025-01-01T00:00:00Z")) },
  { requiredKeys: [] },
);
const sectionValue = fc.oneof(json, text, fc.array(fc.oneof(text, json, criterionLike, rowLike), { maxLength: 4 }));
const sections = ["goal", "requirements", "acceptanceCriteria", "testingQaChecklist", "checklist", "generatedTickets", "decisions", "_draft"];
const contentLike = fc.dictionary(fc.oneof(fc.constantFrom(...sections), text), sectionValue, { maxKeys: 6 });

function outcome(input: unknown): "ok" | "domain-error" {
  try {
    parseContentInput(input);
    return "ok";
  } catch (error) {
    if (error instanceof DomainError && (error.code === "VALIDATION_ERROR" || error.code === "CONTENT_TOO_LARGE")) {
      return "domain-error";
    }
    throw error;
  }
}

describe("parseContentInput on arbitrary input", () => {
  it("throws nothing but a DomainError for any JSON", () => {
    fc.assert(fc.property(json, (input) => void outcome(input)), { numRuns: 500 });
  });

  it("throws nothing but a DomainError for content-shaped objects", () => {
    fc.assert(fc.property(contentLike, (input) => void outcome(input)), { numRuns: 1000 });
  });

  it("throws nothing but a DomainError for any JavaScript value", () => {
    fc.assert(fc.property(fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true }), (input) => void outcome(input)), {
      numRuns: 300,
    });
  });

  it("returns the input unchanged when it has no checklist alias", () => {
    fc.assert(
      fc.property(contentLike, (input) => {
        fc.pre(!("checklist" in input) && outcome(input) === "ok");
        expect(JSON.stringify(parseContentInput(input))).toBe(JSON.stringify(input));
      }),
      { numRuns: 500 },
    );
  });
});
