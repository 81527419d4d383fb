import { describe, expect, it } from "vitest";
import { checkStrings, stringProblem } from "./check-strings";
import { INPUT_MAX_DEPTH, INPUT_MAX_NODES } from "./input-bounds";
import { MAX_REPORTED_ISSUES } from "./issue-report";

const LONE_HIGH = "\uD83D";
const LONE_LOW = "\uDE00";

describe("stringProblem", () => {
  it("accepts ordinary and astral text", () => {
    expect(stringProblem("héllo 😀 \u2028 \t")).toBeNull();
    expect(stringProblem("")).toBeNull();
  });

  it.each([
    ["a lone high surrogate", `a${LONE_HIGH}b`],
    ["a lone high surrogate at the end", `a${LONE_HIGH}`],
    ["a lone low surrogate", `${LONE_LOW}b`],
    ["reversed pair", `${LONE_LOW}${LONE_HIGH}`],
    ["NUL", "a\u0000b"],
  ])("rejects %s", (_name, value) => {
    expect(stringProblem(value)).not.toBeNull();
  });
});

describe("checkStrings", () => {
  it("finds nothing in clean JSON", () => {
    expect(checkStrings({ a: ["x", { b: "😀" }], n: 1, z: null, t: true }, "content")).toEqual([]);
  });

  it("reports values with their path", () => {
    expect(checkStrings({ requirements: ["ok", `bad${LONE_HIGH}`], goal: "a\u0000" }, "content")).toEqual([
      { path: "content.requirements[1]", message: "The text must be valid Unicode (it contains a lone surrogate)." },
      { path: "content.goal", message: "The text must not contain the NUL character." },
    ]);
  });

  it("reports object keys, with the key escaped in the path", () => {
    const issues = checkStrings({ meta: { "k\u0000": 1, [`k${LONE_LOW}`]: "v" } }, "content");
    expect(issues).toEqual([
      { path: 'content.meta["k\\u0000"]', message: "The key must not contain the NUL character." },
      { path: 'content.meta["k\\ude00"]', message: "The key must be valid Unicode (it contains a lone surrogate)." },
    ]);
  });

  it("checks a bare string and uses no root when none is given", () => {
    expect(checkStrings("\u0000")).toEqual([{ path: "", message: "The text must not contain the NUL character." }]);
    expect(checkStrings({ title: "\u0000" })[0].path).toBe("title");
  });

  it("refuses deep nesting at the bound, without overflowing the stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const issues = checkStrings(deep, "x");
    expect(issues).toEqual([{ path: `x${"[0]".repeat(INPUT_MAX_DEPTH)}`, message: `Nested too deeply: at most ${INPUT_MAX_DEPTH} levels.` }]);
  });

  it("accepts nesting up to the bound", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < INPUT_MAX_DEPTH; i++) deep = [deep];
    expect(checkStrings(deep, "x")[0].message).toBe("The text must not contain the NUL character.");
  });

  it("refuses a cycle at once", () => {
    const looped: Record<string, unknown> = { goal: "x" };
    looped.loop = looped;
    expect(checkStrings({ content: looped })).toEqual([
      { path: "content.loop", message: expect.stringContaining("a cycle or a shared reference") },
    ]);
  });

  it("refuses shared references that would expand exponentially", () => {
    let shared: unknown = "leaf";
    for (let i = 0; i < 60; i++) shared = { a: shared, b: shared };
    const issues = checkStrings(shared, "item");
    expect(issues).toHaveLength(1);
    expect(issues[0].message).toContain("a cycle or a shared reference");
  });

  it("refuses more values than the budget, however flat", () => {
    const wide = Array.from({ length: INPUT_MAX_NODES + 1 }, () => 0);
    expect(checkStrings(wide, "x")).toEqual([{ path: "x", message: `Too large: at most ${INPUT_MAX_NODES} values in all.` }]);
  });

  it("caps the number of reported issues", () => {
    expect(checkStrings(Array.from({ length: 1000 }, () => "\u0000"))).toHaveLength(MAX_REPORTED_ISSUES);
  });
});
