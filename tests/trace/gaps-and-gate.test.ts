import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getRequireProof, setRequireProof } from "@/lib/projects/require-proof";
import { addMember, newProject, ownerAndEditor } from "../support/fixtures";
import { briefInState, checkAllRows, expectRefusedWithoutChange, newBrief, omit, readBrief, readyContent, transition } from "../support/briefs";
import { giveEvidence, reportWork, traceOf } from "../support/trace";

describe(`trace gaps and the proof gate on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ alice, bob, projectId } = await ownerAndEditor());
  });

  it("finds every kind of gap, each with the ids involved", async () => {
    const brief = await newBrief(alice, projectId, {
      requirements: ["FR-1: Export as CSV", "Export as PDF", "FR-1: Export again", "FR-3: Send by mail"],
      acceptanceCriteria: [
        { id: "AC-1", text: "A CSV file downloads" },
        { id: "AC-2", text: "Mail arrives" },
        { id: "AC-3", text: "Looks right", implementation: false, manualEvidence: { rationale: "Design review", evidencePath: "docs/review.md" } },
      ],
      generatedTickets: [
        { id: "T-1", title: "CSV", description: null, boundCriteria: ["AC-1", "AC-9"], boundRequirements: ["FR-1", "FR-7"] },
      ],
    });
    const briefId = brief.id;
    await reportWork(bob, { briefId, ticketId: "T-1", status: "done" });
    await giveEvidence(bob, { briefId, criterionIds: ["AC-2"], result: "fail", summary: "No mail after 5 minutes" });

    const { gaps, requirements } = await traceOf(alice, briefId);
    expect(requirements.map((r) => [r.id, r.traceable, r.tickets])).toEqual([
      ["FR-1", true, ["T-1"]],
      [null, false, []],
      ["FR-1", true, ["T-1"]],
      ["FR-3", true, []],
    ]);
    const finding = gaps.find((gap) => gap.kind === "open_finding")!;
    expect(gaps.map((gap) => omit(gap, ["message"]))).toEqual([
      { kind: "requirement_without_id", requirementIndex: 1 },
      { kind: "duplicate_requirement_id", requirementId: "FR-1", requirementIndex: 2 },
      { kind: "requirement_without_ticket", requirementId: "FR-3" },
      { kind: "unknown_criterion", ticketId: "T-1", criterionId: "AC-9" },
      { kind: "unknown_requirement", ticketId: "T-1", requirementId: "FR-7" },
      { kind: "criterion_without_ticket", criterionId: "AC-2" },
      { kind: "claimed_not_proven", ticketId: "T-1", criterionIds: ["AC-1"] },
      { kind: "open_finding", findingId: finding.findingId, criterionIds: ["AC-2"] },
    ]);
    expect(gaps.every((gap) => gap.message.length > 0)).toBe(true);
    expect(finding.message).toContain("No mail after 5 minutes");
  });

  it("leaves in_development → checked as the contract's table says while the gate is off", async () => {
    const brief = await briefInState(alice, projectId, "in_development", readyContent());
    expect(await getRequireProof(bob, projectId)).toBe(false);
    await checkAllRows(alice, brief.id);
    const { result } = await transition(alice, { briefId: brief.id, to: "checked" });
    expect(result.brief.state).toBe("checked");
  });

  it("with the gate on, needs every criterion proven and no open finding before checked", async () => {
    const gated = await newProject(alice, "Gated");
    await addMember(gated, bob, "editor");
    // Only owners set it.
    await expect(setRequireProof(bob, gated, true)).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    expect(await setRequireProof(alice, gated, true)).toBe(true);

    const content = readyContent({
      acceptanceCriteria: [
        { id: "AC-1", text: "A CSV file downloads" },
        { id: "AC-2", text: "Looks right", implementation: false, manualEvidence: { rationale: "Design review", evidencePath: "docs/review.md" } },
      ],
    });
    const brief = await briefInState(alice, gated, "in_development", content);
    await checkAllRows(alice, brief.id);
    const unproven = { code: "BRIEF_STATE_CONFLICT", details: { reason: "CRITERIA_UNPROVEN", state: "in_development" } };
    await expectRefusedWithoutChange(alice, brief.id, () => transition(alice, { briefId: brief.id, to: "checked" }), unproven);
    const toChecked = async () => (await readBrief(alice, brief.id)).lifecycle.transitions.find((t) => t.to === "checked")!;
    expect(await toChecked()).toMatchObject({ allowed: false, reason: expect.stringContaining("requires proof") });

    // Failing evidence opens a finding; passing evidence proves the criterion and resolves it.
    await giveEvidence(bob, { briefId: brief.id, criterionIds: ["AC-1"], result: "fail" });
    await expectRefusedWithoutChange(alice, brief.id, () => transition(alice, { briefId: brief.id, to: "checked" }), unproven);
    await giveEvidence(bob, { briefId: brief.id, criterionIds: ["AC-1"], result: "pass" });
    expect((await traceOf(alice, brief.id)).proof).toMatchObject({ proven: 1, needed: 1, openFindings: 0, complete: true });
    expect(await toChecked()).toMatchObject({ allowed: true, reason: null });
    const { result } = await transition(alice, { briefId: brief.id, to: "checked" });
    expect(result.brief.state).toBe("checked");

    // Off again, the table alone decides.
    expect(await setRequireProof(alice, gated, false)).toBe(false);
  });
});
