import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { documentApprovalHash, documentHash, documentOf } from "./brief-document";
import { approvalHash, contentHash } from "./content-hash";
import type { BriefContent } from "./schema";

// Keys that sort differently by code unit and by code point, plus the ones the hashes treat specially.
const key = fc.oneof(fc.constantFrom("testingQaChecklist", "_draft", "goal", "€", "😀", "ﬁ", "__proto__", "a", "A", ""), fc.string());
const json = fc.jsonValue().filter((v) => v !== undefined);

function contentOf(entries: Array<[string, unknown]>): BriefContent {
  const content: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(content, k, { value: v, enumerable: true, writable: true, configurable: true });
  return content as BriefContent;
}

describe("hashes composed from section canonical texts", () => {
  it("equal the canonical hashes of the whole content", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(key, json), { selector: ([k]) => k, maxLength: 12 }), (entries) => {
        const content = contentOf(entries);
        const document = documentOf(content);
        expect(documentHash(document)).toBe(contentHash(content));
        expect(documentApprovalHash(document)).toBe(approvalHash(content));
      }),
      { numRuns: 300 },
    );
  });

  it("reuse unchanged sections and recompute a changed one", () => {
    const first = documentOf(contentOf([["goal", "g"], ["testingQaChecklist", [{ text: "A", checked: false }]]]));
    const next = contentOf([["goal", first.content.goal], ["testingQaChecklist", [{ text: "A", checked: true }]]]);
    const second = documentOf(next, first);
    expect(second.sections[0]).toBe(first.sections[0]);
    expect(second.sections[1].hash).not.toBe(first.sections[1].hash);
    expect(documentHash(second)).toBe(contentHash(next));
  });
});
