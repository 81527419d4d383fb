import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { ownerAndEditor } from "../support/fixtures";
import { newBrief, traverse } from "../support/briefs";
import { giveEvidence, reportWork, traceOf, tracedContent } from "../support/trace";

describe(`work orders and evidence under concurrency on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ alice, bob, projectId } = await ownerAndEditor());
  });

  it("keeps every report of agents working on one ticket at once, in one order", async () => {
    const brief = await newBrief(alice, projectId, tracedContent());
    const statuses = ["in_progress", "in_review", "blocked", "in_progress", "in_review", "done"] as const;
    const results = await Promise.all(statuses.map((status, i) => reportWork(i % 2 ? alice : bob, { briefId: brief.id, ticketId: "T-1", status, note: `report ${i}` })));
    // Each report saw every earlier one: the entry counts are 1..6, whatever order they ran in.
    expect(results.map((r) => r.result.workOrder.entries).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const { items } = await traverse(alice, brief.id, "workOrders");
    expect(items).toHaveLength(6);
    const last = results.find((r) => r.result.workOrder.entries === 6)!.result.workOrder;
    expect((await traceOf(alice, brief.id)).tickets[0].workOrder).toEqual(last);
    expect(items[0]).toMatchObject({ status: last.status, note: last.note });
  });

  it("resolves a finding once when several passing results for its criterion arrive together", async () => {
    const brief = await newBrief(alice, projectId, tracedContent());
    const failed = await giveEvidence(bob, { briefId: brief.id, criterionIds: ["AC-1"], result: "fail" });
    const findingId = failed.result.findingsRecorded[0].id;
    const passes = await Promise.all(Array.from({ length: 4 }, () => giveEvidence(alice, { briefId: brief.id, criterionIds: ["AC-1"], result: "pass" })));
    expect(passes.flatMap((p) => p.result.findingsResolved)).toEqual([findingId]);
    const { items } = await traverse(alice, brief.id, "findings");
    expect(items).toEqual([expect.objectContaining({ id: findingId, status: "resolved", resolvedByEvidenceId: expect.any(String) })]);
    const trace = await traceOf(alice, brief.id);
    expect(trace.criteria[0]).toMatchObject({ status: "proven", openFindings: [] });
    expect(trace.criteria[0].evidence).toHaveLength(5);
  });
});
