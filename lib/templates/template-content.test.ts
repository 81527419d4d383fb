import { describe, expect, it } from "vitest";
import { builtInTemplates } from "./built-ins/all-built-ins";
import { filledSections, templateContentOf } from "./template-content";

describe("what a template keeps of brief content", () => {
  it("drops _draft and unticks QA rows without attribution, keeping every other key in its order", () => {
    const kept = templateContentOf({
      goal: "Ship it",
      _draft: { note: "mine" },
      testingQaChecklist: [{ text: "Row", checked: true, addedBy: "a", checkedBy: "a", checkedAt: "2026-01-01T00:00:00Z" }],
      customerNotes: { priority: "high" },
    });
    expect(kept).toEqual({ goal: "Ship it", testingQaChecklist: [{ text: "Row", checked: false }], customerNotes: { priority: "high" } });
    expect(Object.keys(kept)).toEqual(["goal", "testingQaChecklist", "customerNotes"]);
  });

  it("takes the checklist alias as the checklist, and refuses what a brief would refuse", () => {
    expect(templateContentOf({ checklist: [{ text: "Row", checked: true }] })).toEqual({ testingQaChecklist: [{ text: "Row", checked: false }] });
    expect(() => templateContentOf({ requirements: "one" })).toThrow(expect.objectContaining({ code: "VALIDATION_ERROR" }));
    expect(() => templateContentOf([])).toThrow(expect.objectContaining({ code: "VALIDATION_ERROR" }));
  });

  it("names the known sections with something in them, in the content's order", () => {
    expect(filledSections({ requirements: ["R1"], goal: "G", scope: "  ", edgeCases: [], customerNotes: { a: 1 } })).toEqual(["requirements", "goal"]);
  });

  it("keeps the built-ins as they are written: already valid template content, four distinct names", () => {
    for (const template of builtInTemplates) expect(templateContentOf(template.content)).toEqual(template.content);
    expect(new Set(builtInTemplates.map((t) => t.name.toLowerCase())).size).toBe(4);
  });
});
