import { describe, expect, it } from "vitest";
import { reconcileChecklist, reconcileContentChecklist, toggleChecklistItem } from "./reconcile-checklist";
import type { QaChecklistItem } from "./schema";

const now = new Date("2025-06-01T12:00:00.000Z");
const NOW = "2025-06-01T12:00:00.000Z";
const EARLIER = "2025-05-01T08:00:00.000Z";

describe("reconcileChecklist", () => {
  it("attributes every row of a new list to the actor, and checks of checked rows", () => {
    expect(
      reconcileChecklist(undefined, [{ text: "A", checked: false }, { text: "B", checked: true }], "ann", now),
    ).toEqual([
      { text: "A", checked: false, addedBy: "ann" },
      { text: "B", checked: true, addedBy: "ann", checkedBy: "ann", checkedAt: NOW },
    ]);
  });

  it("keeps the attribution of rows matched by text whose checked did not change", () => {
    const previous: QaChecklistItem[] = [
      { text: "A", checked: true, addedBy: "ann", checkedBy: "bob", checkedAt: EARLIER },
      { text: "B", checked: false, addedBy: "ann" },
    ];
    // Reordered, and a new row inserted: matching is by text, not position.
    const result = reconcileChecklist(
      previous,
      [{ text: "C", checked: false }, { text: "B", checked: false }, { text: "A", checked: true }],
      "cid",
      now,
    );
    expect(result).toEqual([{ text: "C", checked: false, addedBy: "cid" }, previous[1], previous[0]]);
  });

  it("sets check attribution when checked turns true and removes it when it turns false", () => {
    const previous: QaChecklistItem[] = [
      { text: "A", checked: false, addedBy: "ann" },
      { text: "B", checked: true, addedBy: "ann", checkedBy: "bob", checkedAt: EARLIER },
    ];
    expect(reconcileChecklist(previous, [{ text: "A", checked: true }, { text: "B", checked: false }], "cid", now)).toEqual([
      { text: "A", checked: true, addedBy: "ann", checkedBy: "cid", checkedAt: NOW },
      { text: "B", checked: false, addedBy: "ann" },
    ]);
  });

  it("matches duplicate texts to the first unused equal row, in order", () => {
    const previous: QaChecklistItem[] = [
      { text: "Same", checked: true, addedBy: "first", checkedBy: "first", checkedAt: EARLIER },
      { text: "Other", checked: false, addedBy: "x" },
      { text: "Same", checked: false, addedBy: "second" },
    ];
    const result = reconcileChecklist(
      previous,
      [{ text: "Same", checked: true }, { text: "Same", checked: false }, { text: "Same", checked: false }],
      "new",
      now,
    );
    expect(result).toEqual([previous[0], previous[2], { text: "Same", checked: false, addedBy: "new" }]);
  });

  it("ignores attribution values the client sends", () => {
    const previous: QaChecklistItem[] = [{ text: "A", checked: false, addedBy: "ann" }];
    const incoming: QaChecklistItem[] = [
      { text: "A", checked: false, addedBy: "mallory", checkedBy: "mallory", checkedAt: EARLIER },
      { text: "B", checked: false, addedBy: "mallory", checkedBy: "mallory", checkedAt: EARLIER },
      { text: "C", checked: true, addedBy: "mallory", checkedBy: "mallory", checkedAt: EARLIER },
    ];
    expect(reconcileChecklist(previous, incoming, "cid", now)).toEqual([
      { text: "A", checked: false, addedBy: "ann" },
      { text: "B", checked: false, addedBy: "cid" },
      { text: "C", checked: true, addedBy: "cid", checkedBy: "cid", checkedAt: NOW },
    ]);
  });

  it("leaves addedBy absent on legacy rows and on their checks", () => {
    const previous: QaChecklistItem[] = [{ text: "Old", checked: false }];
    expect(reconcileChecklist(previous, [{ text: "Old", checked: true }], "cid", now)).toEqual([
      { text: "Old", checked: true, checkedBy: "cid", checkedAt: NOW },
    ]);
    expect(reconcileChecklist(previous, [{ text: "Old", checked: false }], "cid", now)).toEqual([
      { text: "Old", checked: false },
    ]);
  });

  it("drops removed rows and writes keys in one order", () => {
    const previous: QaChecklistItem[] = [
      { checkedAt: EARLIER, checkedBy: "bob", addedBy: "ann", checked: true, text: "A" },
      { text: "Gone", checked: false },
    ];
    const [row, ...rest] = reconcileChecklist(previous, [{ checked: true, text: "A" }], "cid", now);
    expect(rest).toEqual([]);
    expect(Object.keys(row)).toEqual(["text", "checked", "addedBy", "checkedBy", "checkedAt"]);
  });
});

describe("reconcileContentChecklist", () => {
  it("reconciles the section in place and leaves content without it alone", () => {
    const previous = { testingQaChecklist: [{ text: "A", checked: false, addedBy: "ann" }] };
    const next = { goal: "g", testingQaChecklist: [{ text: "A", checked: false }], scope: "s" };
    const result = reconcileContentChecklist(previous, next, "cid", now);
    expect(result).toEqual({ goal: "g", testingQaChecklist: [{ text: "A", checked: false, addedBy: "ann" }], scope: "s" });
    expect(Object.keys(result)).toEqual(["goal", "testingQaChecklist", "scope"]);
    const withoutSection = { goal: "g" };
    expect(reconcileContentChecklist(previous, withoutSection, "cid", now)).toBe(withoutSection);
  });

  it("treats every row as new on create", () => {
    expect(reconcileContentChecklist(undefined, { testingQaChecklist: [{ text: "A", checked: false }] }, "ann", now)).toEqual({
      testingQaChecklist: [{ text: "A", checked: false, addedBy: "ann" }],
    });
  });
});

describe("toggleChecklistItem", () => {
  const items: QaChecklistItem[] = [
    { text: "A", checked: false, addedBy: "ann" },
    { text: "B", checked: true, addedBy: "ann", checkedBy: "bob", checkedAt: EARLIER },
  ];

  it("checks a row with the actor and time, leaving the others", () => {
    expect(toggleChecklistItem(items, 0, true, "cid", now)).toEqual([
      { text: "A", checked: true, addedBy: "ann", checkedBy: "cid", checkedAt: NOW },
      items[1],
    ]);
  });

  it("unchecks a row and removes its check attribution", () => {
    expect(toggleChecklistItem(items, 1, false, "cid", now)).toEqual([items[0], { text: "B", checked: false, addedBy: "ann" }]);
  });

  it("changes nothing when the row already has that value", () => {
    expect(toggleChecklistItem(items, 1, true, "cid", now)).toEqual(items);
    expect(toggleChecklistItem(items, 0, false, "cid", now)).toEqual(items);
  });

  it("refuses an index the caller should have checked", () => {
    expect(() => toggleChecklistItem(items, 2, true, "cid", now)).toThrow(RangeError);
    expect(() => toggleChecklistItem(items, -1, true, "cid", now)).toThrow(RangeError);
    expect(() => toggleChecklistItem(items, 0.5, true, "cid", now)).toThrow(RangeError);
  });
});
