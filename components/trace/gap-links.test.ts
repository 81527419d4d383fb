import { describe, expect, it } from "vitest";
import type { TraceGap } from "@/lib/trace/trace-schema";
import { gapKinds } from "@/lib/trace/trace-schema";
import { gapKindLabels, gapLinks } from "./gap-links";

const briefPath = "/projects/p1/briefs/b1";
const editor = { briefPath, canDraft: true, canProve: true };
const reader = { briefPath, canDraft: false, canProve: false };

describe("where a trace gap is fixed", () => {
  it("sends an untraceable requirement to the requirements in the editor, and to its row", () => {
    const gap: TraceGap = { kind: "requirement_without_id", requirementIndex: 1, message: "Requirement 2 has no id." };
    expect(gapLinks(gap, editor)).toEqual([
      { label: "Number the requirements in the editor", href: `${briefPath}?mode=edit&section=requirements` },
      { label: "See requirement 2", href: "#requirement-2" },
    ]);
    // Someone who cannot edit is shown where to look instead.
    expect(gapLinks(gap, reader)[0]).toEqual({ label: "See the requirements on the brief", href: `${briefPath}#doc-requirements` });
  });

  it("sends missing proof to the brief's criteria, and to the ticket or criterion row", () => {
    expect(gapLinks({ kind: "claimed_not_proven", ticketId: "T-1", criterionIds: ["AC-1", "AC-2"], message: "" }, editor)).toEqual([
      { label: "Add evidence for AC-1, AC-2 on the brief", href: `${briefPath}#doc-acceptanceCriteria` },
      { label: "See ticket T-1", href: "#ticket-T-1" },
    ]);
    expect(gapLinks({ kind: "suspect_evidence", criterionId: "AC-2", evidenceIds: ["e1"], message: "" }, reader)).toEqual([
      { label: "See the evidence for AC-2 on the brief", href: `${briefPath}#doc-acceptanceCriteria` },
      { label: "See AC-2", href: "#criterion-AC-2" },
    ]);
    expect(gapLinks({ kind: "open_finding", findingId: "f1", criterionIds: [], message: "" }, editor)).toEqual([
      { label: "See the QA checklist on the brief", href: `${briefPath}#doc-testingQaChecklist` },
    ]);
  });

  it("has words and at least one link for every kind of gap", () => {
    for (const kind of gapKinds) {
      expect(gapKindLabels[kind]).toBeTruthy();
      expect(gapLinks({ kind, message: "", ticketId: "T-1", criterionId: "AC-1", requirementId: "FR-1", requirementIndex: 0, criterionIds: ["AC-1"] }, editor).length).toBeGreaterThan(0);
    }
  });
});
