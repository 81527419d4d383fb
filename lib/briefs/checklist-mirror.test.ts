import { describe, expect, it } from "vitest";
import { withChecklistMirror, withoutChecklistMirror } from "./checklist-mirror";

const items = [{ text: "A", checked: true, addedBy: "ann" }];

describe("withChecklistMirror", () => {
  it("adds checklist equal to testingQaChecklist, as its own copy", () => {
    const content = { goal: "g", testingQaChecklist: items };
    const returned = withChecklistMirror(content);
    expect(returned).toEqual({ goal: "g", testingQaChecklist: items, checklist: items });
    expect(returned.checklist).not.toBe(items);
    expect(content).toEqual({ goal: "g", testingQaChecklist: items });
  });

  it("adds no mirror when the section is absent, and drops a stale one", () => {
    expect(withChecklistMirror({ goal: "g" })).toEqual({ goal: "g" });
    expect(withChecklistMirror({ goal: "g", checklist: items })).toEqual({ goal: "g" });
  });

  it("mirrors an empty section as empty", () => {
    expect(withChecklistMirror({ testingQaChecklist: [] })).toEqual({ testingQaChecklist: [], checklist: [] });
  });

  it("replaces a stale mirror with the current items", () => {
    expect(withChecklistMirror({ testingQaChecklist: items, checklist: [] }).checklist).toEqual(items);
  });
});

describe("withoutChecklistMirror", () => {
  it("removes only the mirror and keeps key order", () => {
    const stripped = withoutChecklistMirror({ b: 1, checklist: items, testingQaChecklist: items, a: 2 });
    expect(Object.keys(stripped)).toEqual(["b", "testingQaChecklist", "a"]);
  });
});
