import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { CONTENT_MAX_BYTES } from "@/lib/contract/bounds";
import { parseContentInput } from "./validate-content";

function failure(input: unknown): DomainError {
  try {
    parseContentInput(input);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected parseContentInput to throw");
}

const issuesOf = (input: unknown) => failure(input).details?.issues;

const row = { text: "Login works", checked: true };

describe("stored exactly as sent", () => {
  it("keeps unknown keys, _draft and their order byte for byte", () => {
    const sent =
      '{"zeta":{"b":1,"a":[true,null,"x"]},"goal":"Ship it","_draft":{"goal":"Ship it better","n":1.5e-7},' +
      '"__proto__":{"polluted":true},"x-meta":"é😀","requirements":["R1"],"alpha":[]}';
    const stored = parseContentInput(JSON.parse(sent));
    expect(JSON.stringify(stored)).toBe(sent);
    expect(Object.keys(stored)).toEqual(["zeta", "goal", "_draft", "__proto__", "x-meta", "requirements", "alpha"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("keeps omitted sections omitted and empty sections empty", () => {
    expect(parseContentInput({ goal: "g" })).toEqual({ goal: "g" });
    expect(Object.keys(parseContentInput({ requirements: [] }))).toEqual(["requirements"]);
    expect(parseContentInput({})).toEqual({});
  });

  it("returns a copy, leaving the input untouched", () => {
    const input = { requirements: ["R1"], checklist: [row] };
    const stored = parseContentInput(input);
    expect(input).toEqual({ requirements: ["R1"], checklist: [row] });
    expect(stored.testingQaChecklist).not.toBe(input.checklist);
  });

  it("drops keys whose value JSON cannot carry, as JSON would", () => {
    expect(parseContentInput({ goal: "g", note: undefined })).toEqual({ goal: "g" });
  });
});

describe("checklist alias (docs/contract.md#checklist-mirror)", () => {
  it("stores an alias-only checklist as testingQaChecklist, in the same position", () => {
    const stored = parseContentInput({ goal: "g", checklist: [row], scope: "s" });
    expect(Object.keys(stored)).toEqual(["goal", "testingQaChecklist", "scope"]);
    expect(stored.testingQaChecklist).toEqual([row]);
  });

  it("drops the mirror when both are present and canonically equal", () => {
    const stored = parseContentInput({
      testingQaChecklist: [{ text: "A", checked: false, addedBy: "ann" }],
      goal: "g",
      checklist: [{ addedBy: "ann", checked: false, text: "A" }],
    });
    expect(stored).toEqual({ testingQaChecklist: [{ text: "A", checked: false, addedBy: "ann" }], goal: "g" });
    expect(Object.keys(stored)).toEqual(["testingQaChecklist", "goal"]);
  });

  it("rejects both present and different", () => {
    const error = failure({ testingQaChecklist: [row], checklist: [{ ...row, checked: false }] });
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details?.issues).toEqual([{ path: "content.checklist", message: expect.stringContaining("mirror") }]);
  });

  it("reports schema errors of an alias-only checklist under the name the client used", () => {
    expect(issuesOf({ checklist: [{ text: "", checked: true }] })).toEqual([
      { path: "content.checklist[0].text", message: expect.any(String) },
    ]);
  });
});

describe("size limit (UTF-8 bytes of JSON)", () => {
  // {"_draft":"…"} has 13 bytes of JSON syntax; "€" is 3 bytes in UTF-8 but 1 character.
  const atLimit = { _draft: "€".repeat((CONTENT_MAX_BYTES - 13) / 3) };

  it("accepts exactly 262144 bytes", () => {
    expect(Buffer.byteLength(JSON.stringify(atLimit))).toBe(CONTENT_MAX_BYTES);
    expect(atLimit._draft.length).toBeLessThan(CONTENT_MAX_BYTES / 2);
    expect(parseContentInput(atLimit)).toEqual(atLimit);
  });

  it("rejects 262145 bytes with size and limit", () => {
    const error = failure({ _draft: `${atLimit._draft}a` });
    expect(error.code).toBe("CONTENT_TOO_LARGE");
    expect(error.details).toEqual({ size: CONTENT_MAX_BYTES + 1, limit: CONTENT_MAX_BYTES });
  });

  it("does not count the checklist mirror", () => {
    const items = [{ text: "A", checked: false }];
    const base = { testingQaChecklist: items, _draft: "" };
    const syntax = Buffer.byteLength(JSON.stringify(base));
    const full = { testingQaChecklist: items, _draft: "x".repeat(CONTENT_MAX_BYTES - syntax) };
    // A copy, as a client sends it: the same array twice would be a shared reference.
    expect(() => parseContentInput({ ...full, checklist: structuredClone(items) })).not.toThrow();
  });

  it("measures an alias-only checklist under its stored name", () => {
    const items = [{ text: "A", checked: false }];
    const base = { checklist: items, _draft: "" };
    const sent = { checklist: items, _draft: "x".repeat(CONTENT_MAX_BYTES - Buffer.byteLength(JSON.stringify(base))) };
    expect(Buffer.byteLength(JSON.stringify(sent))).toBe(CONTENT_MAX_BYTES);
    const extra = "testingQaChecklist".length - "checklist".length;
    expect(failure(sent).details).toEqual({ size: CONTENT_MAX_BYTES + extra, limit: CONTENT_MAX_BYTES });
  });

  it("is checked before strings and schema", () => {
    expect(failure({ goal: "\u0000", _draft: "x".repeat(CONTENT_MAX_BYTES) }).code).toBe("CONTENT_TOO_LARGE");
  });
});

describe("strings", () => {
  it.each([
    ["a NUL in a value", { goal: "a\u0000b" }, "content.goal"],
    ["a lone surrogate in a value", { requirements: ["ok", "\uD800"] }, "content.requirements[1]"],
    ["a NUL in an unknown key's value", { _draft: { note: "\u0000" } }, "content._draft.note"],
    ["a NUL in a key", { _draft: { "a\u0000": 1 } }, 'content._draft["a\\u0000"]'],
    ["a lone surrogate in a key", { "\uDC00": 1 }, 'content["\\udc00"]'],
    ["a NUL in the checklist mirror", { testingQaChecklist: [row], checklist: [{ ...row, text: "\u0000" }] }, "content.checklist[0].text"],
  ])("rejects %s", (_name, input, path) => {
    const error = failure(input);
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details?.issues).toEqual([{ path, message: expect.any(String) }]);
  });

  it("is reported alone, before schema issues", () => {
    expect(issuesOf({ goal: `\u0000${"x".repeat(5000)}`, requirements: [""] })).toHaveLength(1);
  });
});

describe("schema issues", () => {
  it("maps paths to readable content paths", () => {
    expect(issuesOf({ requirements: ["a", "b", "c", ""] })).toEqual([
      { path: "content.requirements[3]", message: expect.any(String) },
    ]);
  });

  it("reports each unknown field of a strict object at the field", () => {
    expect(issuesOf({ acceptanceCriteria: [{ id: "AC-1", text: "t", priority: 1, owner: "x" }] })).toEqual([
      { path: "content.acceptanceCriteria[0].priority", message: "Unknown field." },
      { path: "content.acceptanceCriteria[0].owner", message: "Unknown field." },
    ]);
  });

  it("reports a missing manualEvidence when implementation is false", () => {
    expect(issuesOf({ acceptanceCriteria: [{ id: "AC-1", text: "t", implementation: false }] })).toEqual([
      { path: "content.acceptanceCriteria[0].manualEvidence", message: expect.stringContaining("implementation is false") },
    ]);
  });

  it("requires boundRequirements on generated tickets", () => {
    const ticket = { id: "T1", title: "t", description: null, boundCriteria: [] };
    expect(issuesOf({ generatedTickets: [ticket] })).toEqual([
      { path: "content.generatedTickets[0].boundRequirements", message: expect.any(String) },
    ]);
  });

  it("reports the alias conflict together with schema issues", () => {
    const issues = issuesOf({ goal: 5, testingQaChecklist: [row], checklist: [] }) as { path: string }[];
    expect(issues.map((issue) => issue.path)).toEqual(["content.checklist", "content.goal"]);
  });
});

describe("not a JSON object", () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["an array", []],
    ["a string", "goal"],
    ["a number", 1],
    ["a Date", new Date(0)],
    ["an object with a BigInt", { n: 1n }],
  ])("rejects %s", (_name, input) => {
    const error = failure(input);
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details?.issues).toEqual([{ path: "content", message: expect.any(String) }]);
  });

  it("rejects a cyclic object where the cycle closes", () => {
    expect(failure(cyclic).details?.issues).toEqual([{ path: "content.self", message: expect.stringContaining("a cycle or a shared reference") }]);
  });
});
