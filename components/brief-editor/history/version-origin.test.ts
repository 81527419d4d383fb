import { describe, expect, it } from "vitest";
import { changedSectionsText } from "./changed-sections";
import { originText } from "./version-origin";

describe("who wrote a version, in one phrase", () => {
  it("says 'via' once for an agent, whose label already names its token", () => {
    const text = originText("ann@example.test via Release bot", "brief_checklist_update");
    expect(text).toBe("ann@example.test via Release bot · brief_checklist_update");
    expect(text.match(/\bvia\b/g)).toHaveLength(1);
  });

  it("names people's own doors in words", () => {
    expect(originText("Ann", "web")).toBe("Ann in the browser");
    expect(originText("ops@example.test", "cli")).toBe("ops@example.test from the command line");
  });

  it("never shows an empty author or a dangling separator", () => {
    expect(originText("", "web")).toBe("Someone in the browser");
    expect(originText("Ann", "")).toBe("Ann");
  });
});

describe("the sections a version changed, in a history row", () => {
  it("lists a few by their labels, in the editor's order, and counts the rest", () => {
    expect(changedSectionsText([])).toBe("");
    expect(changedSectionsText(["goal"])).toBe("Goal");
    expect(changedSectionsText(["testingQaChecklist", "goal"])).toBe("Goal and QA checklist");
    expect(changedSectionsText(["customKey", "decisions", "design", "requirements", "scope", "goal"])).toBe("Goal, Scope, Requirements, Design and 2 more sections");
  });

  it("shows keys the editor does not know as they are", () => {
    expect(changedSectionsText(["customKey", "_draft"])).toBe("customKey and Draft data (_draft)");
  });
});
