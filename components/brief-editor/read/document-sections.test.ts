import { describe, expect, it } from "vitest";
import type { BriefContent } from "@/lib/briefs/schema";
import { documentParts } from "./document-sections";

describe("the parts of the document", () => {
  it("lists sections with content in the contract's order, hides empty ones, and ends with other data", () => {
    const content = {
      requiredEvidence: [{ id: "EV-1", text: "Logs" }],
      goal: "Why",
      scope: "   ",
      requirements: [],
      edgeCases: ["Offline"],
      decisions: "not a list",
      "x-agent": { run: 1 },
      checklist: [],
    } as unknown as BriefContent;
    const { sections, extras, parts } = documentParts(content);
    expect(sections).toEqual(["goal", "edgeCases", "requiredEvidence"]);
    expect(extras).toEqual(["decisions", "x-agent"]);
    expect(parts.map((part) => [part.id, part.title])).toEqual([
      ["doc-goal", "Goal"],
      ["doc-edgeCases", "Edge cases"],
      ["doc-requiredEvidence", "Required evidence"],
      ["doc-other-data", "Other data"],
    ]);
  });

  it("has nothing to show for an empty brief", () => {
    expect(documentParts({} as BriefContent).parts).toEqual([]);
  });
});
