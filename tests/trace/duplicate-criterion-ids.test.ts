import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { setRequireProof } from "@/lib/projects/require-proof";
import { newProject, ownerAndEditor } from "../support/fixtures";
import { briefInState, checkAllRows, expectRefusedWithoutChange, readyContent, transition } from "../support/briefs";
import { giveEvidence, reportWork, traceOf } from "../support/trace";

// Content does not make criterion ids unique, so two criteria may share one. Evidence names an id,
// and is pinned to one text: the other criterion of that id stays unproven, and must count so.
describe(`criteria that share an id on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  beforeAll(async () => {
    ({ alice } = await ownerAndEditor());
  });

  it("counts each criterion by its own status, so the proof is not complete and the gate holds", async () => {
    const gated = await newProject(alice, "Gated");
    await setRequireProof(alice, gated, true);
    const content = readyContent({
      acceptanceCriteria: [
        { id: "AC-1", text: "A CSV file downloads" },
        { id: "AC-1", text: "Totals match the invoice list" },
      ],
      generatedTickets: [{ id: "T-1", title: "CSV export", description: null, boundCriteria: ["AC-1"], boundRequirements: [] }],
    });
    const brief = await briefInState(alice, gated, "in_development", content);
    await reportWork(alice, { briefId: brief.id, ticketId: "T-1", status: "done" });
    await giveEvidence(alice, { briefId: brief.id, criterionIds: ["AC-1"], result: "pass" });

    const trace = await traceOf(alice, brief.id);
    const statuses = trace.criteria.map((criterion) => criterion.status);
    expect(statuses).toContain("proven");
    expect(statuses.filter((status) => status === "proven")).toHaveLength(1);
    expect(trace.proof).toMatchObject({ proven: 1, needed: 2, complete: false });
    // Done, but one AC-1 has no passing evidence for its text.
    expect(trace.gaps.filter((gap) => gap.kind === "claimed_not_proven")).toMatchObject([{ ticketId: "T-1", criterionIds: ["AC-1"] }]);

    expect(trace.gaps).toContainEqual(expect.objectContaining({ kind: "duplicate_criterion_id", criterionId: "AC-1", criterionIndex: 1 }));

    await checkAllRows(alice, brief.id);
    await expectRefusedWithoutChange(alice, brief.id, () => transition(alice, { briefId: brief.id, to: "checked" }), {
      code: "BRIEF_STATE_CONFLICT",
      details: { reason: "CRITERIA_UNPROVEN" },
    });
  });
});
