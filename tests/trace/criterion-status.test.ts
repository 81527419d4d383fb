import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { ownerAndEditor } from "../support/fixtures";
import { newBrief, omit, readBrief, update } from "../support/briefs";
import { giveEvidence, reportWork, statusesOf, traceOf } from "../support/trace";

describe(`criterion status on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ alice, bob, projectId } = await ownerAndEditor());
  });

  const content = {
    goal: "Export invoices",
    requirements: ["FR-1: Export as CSV"],
    acceptanceCriteria: [
      { id: "AC-1", text: "A CSV file downloads" },
      { id: "AC-2", text: "Shown on screen", implementation: false, manualEvidence: { rationale: "Visual", evidencePath: "docs/ac2.png" } },
      { id: "AC-3", text: "Totals match" },
    ],
    generatedTickets: [{ id: "T-1", title: "CSV", description: null, boundCriteria: ["AC-1"], boundRequirements: ["FR-1"] }],
  };

  it("walks a criterion through every status, in the contract's order of precedence", async () => {
    const brief = await newBrief(alice, projectId, content);
    const briefId = brief.id;
    // A bound ticket without a work-order history is todo: planned. No ticket: unplanned. Exempt wins over all.
    expect(await statusesOf(alice, briefId)).toEqual({ "AC-1": "planned", "AC-2": "exempt", "AC-3": "unplanned" });

    await reportWork(bob, { briefId, ticketId: "T-1", status: "in_progress" });
    expect((await statusesOf(alice, briefId))["AC-1"]).toBe("planned");
    await reportWork(bob, { briefId, ticketId: "T-1", status: "done" });
    expect((await statusesOf(alice, briefId))["AC-1"]).toBe("unproven");

    await giveEvidence(bob, { briefId, criterionIds: ["AC-1"], result: "fail" });
    expect((await statusesOf(alice, briefId))["AC-1"]).toBe("failing");
    await giveEvidence(bob, { briefId, criterionIds: ["AC-1"], result: "pass" });
    expect((await statusesOf(alice, briefId))["AC-1"]).toBe("proven");
    // The latest evidence for the current text decides.
    await giveEvidence(bob, { briefId, criterionIds: ["AC-1"], result: "fail" });
    expect((await statusesOf(alice, briefId))["AC-1"]).toBe("failing");
    await giveEvidence(bob, { briefId, criterionIds: ["AC-1"], result: "pass" });

    // Proof does not need a ticket; an exemption needs no proof, and evidence does not change it.
    await giveEvidence(bob, { briefId, criterionIds: ["AC-2"], result: "fail" });
    await giveEvidence(bob, { briefId, criterionIds: ["AC-3"], result: "fail" });
    expect(await statusesOf(alice, briefId)).toEqual({ "AC-1": "proven", "AC-2": "exempt", "AC-3": "failing" });
    await giveEvidence(bob, { briefId, criterionIds: ["AC-3"], result: "pass" });
    expect((await statusesOf(alice, briefId))["AC-3"]).toBe("proven");

    // A ticket's work order reopened does not unprove what has passing evidence.
    await reportWork(bob, { briefId, ticketId: "T-1", status: "in_progress" });
    expect((await statusesOf(alice, briefId))["AC-1"]).toBe("proven");
    expect((await traceOf(alice, briefId)).proof).toEqual({ proven: 2, needed: 2, exempt: 1, openFindings: 1, complete: false });
  });

  it("makes evidence suspect when its criterion is edited, and not when anything else is edited or the criteria move", async () => {
    const brief = await newBrief(alice, projectId, content);
    const briefId = brief.id;
    await giveEvidence(bob, { briefId, criterionIds: ["AC-1", "AC-3"], result: "pass" });
    expect(await statusesOf(alice, briefId)).toMatchObject({ "AC-1": "proven", "AC-3": "proven" });

    const current = async () => {
      const { brief: now } = await readBrief(alice, briefId);
      return omit(now.content as Record<string, unknown>, ["checklist"]) as typeof content;
    };
    // Another section, another criterion's neighbour, the order of the criteria: none of it is the criterion.
    await update(alice, { briefId, content: { ...(await current()), goal: "Export every invoice", requirements: ["FR-1: Export as CSV", "Export as PDF"] } });
    const moved = await current();
    await update(alice, { briefId, content: { ...moved, acceptanceCriteria: [...moved.acceptanceCriteria].reverse() } });
    expect(await statusesOf(alice, briefId)).toMatchObject({ "AC-1": "proven", "AC-3": "proven" });

    const edited = await current();
    await update(alice, {
      briefId,
      content: { ...edited, acceptanceCriteria: edited.acceptanceCriteria.map((c) => (c.id === "AC-1" ? { ...c, text: "A CSV file downloads within 2 seconds" } : c)) },
    });
    const trace = await traceOf(alice, briefId);
    expect(trace.criteria.find((c) => c.id === "AC-1")).toMatchObject({ status: "suspect", evidence: [{ current: false, versionNum: 1 }] });
    expect(trace.criteria.find((c) => c.id === "AC-3")).toMatchObject({ status: "proven", evidence: [{ current: true }] });
    expect(trace.gaps).toContainEqual(expect.objectContaining({ kind: "suspect_evidence", criterionId: "AC-1", evidenceIds: [trace.criteria[0].evidence[0]?.id ?? expect.any(String)] }));

    // Evidence for the new text proves it again; the old stays on record as for an earlier text.
    await giveEvidence(bob, { briefId, criterionIds: ["AC-1"], result: "pass" });
    const again = (await traceOf(alice, briefId)).criteria.find((c) => c.id === "AC-1")!;
    expect(again.status).toBe("proven");
    expect(again.evidence.map((e) => e.current)).toEqual([false, true]);
  });
});
