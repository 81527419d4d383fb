import { describe, expect, it } from "vitest";
import { attribution, shownRows, tickChangesLifecycle, tickFailureMessage } from "./checklist-rows";

const rows = [
  { text: "A", checked: false },
  { text: "B", checked: false, addedBy: "Ann" },
];

describe("the QA checklist as shown", () => {
  it("shows a tick at once while it is under way", () => {
    const shown = shownRows(rows, { 0: { text: "A", checked: true, pending: true, versionNum: 2 } }, 2);
    expect(shown[0]).toEqual({ row: { text: "A", checked: true, checkedBy: undefined, checkedAt: undefined }, pending: true });
    expect(shown[1]).toEqual({ row: rows[1], pending: false });
  });

  it("shows the stored row until the page data reaches the tick's version, then the page data", () => {
    const stored = { text: "A", checked: true, checkedBy: "Quinn" };
    const override = { 0: { text: "A", checked: true, pending: false, versionNum: 3, row: stored } };
    expect(shownRows(rows, override, 2)[0].row).toBe(stored);
    expect(shownRows(rows, override, 3)[0].row).toBe(rows[0]);
  });

  it("drops a tick whose row now has other text (moved or edited meanwhile)", () => {
    expect(shownRows(rows, { 0: { text: "Old", checked: true, pending: true, versionNum: 2 } }, 2)[0].row).toBe(rows[0]);
  });

  it("says who checked a row, or who added it", () => {
    expect(attribution({ text: "A", checked: true, checkedBy: "Quinn", checkedAt: "2026-11-21T06:01:00.000Z" })).toBe("Checked by Quinn at 21 Nov 2026, 06:01 UTC");
    expect(attribution({ text: "A", checked: true })).toBe("Checked by someone (not recorded)");
    expect(attribution(rows[1])).toBe("Not checked · added by Ann");
  });

  it("asks for the page data at once only when a tick changed the lifecycle: the state, or whether every row is checked", () => {
    const content = (...checked: boolean[]) => ({ testingQaChecklist: checked.map((c, i) => ({ text: `R${i}`, checked: c })) });
    expect(tickChangesLifecycle({ state: "in_development", content: content(false, false) }, { state: "in_development", content: content(true, false) })).toBe(false);
    expect(tickChangesLifecycle({ state: "in_development", content: content(true, false) }, { state: "in_development", content: content(true, true) })).toBe(true);
    expect(tickChangesLifecycle({ state: "checked", content: content(true, true) }, { state: "in_development", content: content(true, false) })).toBe(true);
    expect(tickChangesLifecycle({ state: "drafting", content: content(true, false) }, { state: "drafting", content: content(false, false) })).toBe(false);
  });

  it("explains a rolled-back tick", () => {
    expect(tickFailureMessage("A", true, undefined)).toMatch(/could not be sent/);
    expect(tickFailureMessage("A", true, { code: "BRIEF_VERSION_CONFLICT", message: "x" })).toBe("“A” was changed or moved by someone else meanwhile; the list now shows the current rows.");
    expect(tickFailureMessage("A", false, { code: "BRIEF_STATE_CONFLICT", message: "Closed." })).toBe("“A” was not unchecked: Closed.");
  });
});
