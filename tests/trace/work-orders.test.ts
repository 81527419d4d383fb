import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { uniqueKey, viaToken, projectWithPeople } from "../support/fixtures";
import { append, briefInState, expectRefusedWithoutChange, newBrief, readBrief, traverse } from "../support/briefs";
import { reportWork, traceOf, tracedContent } from "../support/trace";

describe(`work orders on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let victor: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ projectId, alice, bob, victor } = await projectWithPeople({ alice: "owner", bob: "editor", victor: "viewer" }));
  });

  it("folds a ticket's history: an agent claims it, reports progress with links, and the work order keeps every step", async () => {
    const brief = await newBrief(alice, projectId, tracedContent());
    const agent = viaToken(bob, ["brief:read", "brief:write"], "claude");

    const claimed = await reportWork(agent, { briefId: brief.id, ticketId: "T-1", status: "in_progress", note: "Starting on the CSV writer" });
    expect(claimed.replayed).toBe(false);
    expect(claimed.result.workOrder).toMatchObject({ ticketId: "T-1", status: "in_progress", assignee: agent.label, links: [], note: "Starting on the CSV writer", entries: 1 });

    await reportWork(agent, { briefId: brief.id, ticketId: "T-1", status: "in_review", links: [{ label: "pull request", url: "https://github.com/acme/app/pull/7" }] });
    const done = await reportWork(alice, {
      briefId: brief.id,
      ticketId: "T-1",
      status: "done",
      links: [{ label: "pull request", url: "https://github.com/acme/app/pull/7" }, { label: "commit", url: "https://github.com/acme/app/commit/abc123" }],
    });
    expect(done.result.workOrder).toMatchObject({
      status: "done",
      assignee: agent.label,
      links: [
        { label: "pull request", url: "https://github.com/acme/app/pull/7" },
        { label: "commit", url: "https://github.com/acme/app/commit/abc123" },
      ],
      note: "Starting on the CSV writer",
      updatedBy: alice.label,
      entries: 3,
    });

    // The history is append-only and readable like any collection, newest first.
    const { items } = await traverse(alice, brief.id, "workOrders");
    expect(items.map((item) => item.status)).toEqual(["done", "in_review", "in_progress"]);
    expect(items[2]).toMatchObject({ ticketId: "T-1", createdBy: agent.label, assignee: agent.label });

    const trace = await traceOf(alice, brief.id);
    expect(trace.tickets.find((t) => t.id === "T-1")!.workOrder).toEqual(done.result.workOrder);
    // A ticket nobody reported on is todo.
    expect(trace.tickets.find((t) => t.id === "T-2")!.workOrder).toMatchObject({ status: "todo", assignee: null, entries: 0 });
  });

  it("sets and clears the assignee only when asked, and a todo report claims nobody", async () => {
    const brief = await newBrief(alice, projectId, tracedContent());
    const todo = await reportWork(bob, { briefId: brief.id, ticketId: "T-2", status: "todo" });
    expect(todo.result.workOrder.assignee).toBeNull();
    expect((await reportWork(bob, { briefId: brief.id, ticketId: "T-2", status: "in_progress", assignee: "Carol" })).result.workOrder.assignee).toBe("Carol");
    expect((await reportWork(bob, { briefId: brief.id, ticketId: "T-2", status: "blocked" })).result.workOrder.assignee).toBe("Carol");
    expect((await reportWork(bob, { briefId: brief.id, ticketId: "T-2", status: "blocked", assignee: null })).result.workOrder.assignee).toBeNull();
  });

  it("happens exactly once per key, and refuses a reused key with other arguments", async () => {
    const brief = await newBrief(alice, projectId, tracedContent());
    const key = uniqueKey();
    const first = await reportWork(bob, { briefId: brief.id, ticketId: "T-1", status: "in_progress", idempotencyKey: key });
    const again = await reportWork(bob, { briefId: brief.id, ticketId: "T-1", status: "in_progress", idempotencyKey: key });
    expect(again.replayed).toBe(true);
    expect(again.result).toEqual(first.result);
    await expect(reportWork(bob, { briefId: brief.id, ticketId: "T-1", status: "done", idempotencyKey: key })).rejects.toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    expect((await traverse(alice, brief.id, "workOrders")).items).toHaveLength(1);
  });

  it("refuses an unknown ticket, a bad link, a viewer, a read-token and a closed brief, and changes nothing", async () => {
    const brief = await newBrief(alice, projectId, tracedContent());
    await expectRefusedWithoutChange(alice, brief.id, () => reportWork(bob, { briefId: brief.id, ticketId: "T-9", status: "done" }), {
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "ticketId", message: expect.stringContaining("T-9") }] },
    });
    await expectRefusedWithoutChange(alice, brief.id, () => reportWork(bob, { briefId: brief.id, ticketId: "T-1", status: "done", links: [{ label: "pr", url: "javascript:alert(1)" }] }), {
      code: "VALIDATION_ERROR",
      details: { issues: [expect.objectContaining({ path: "links[0].url" })] },
    });
    await expectRefusedWithoutChange(alice, brief.id, () => reportWork(bob, { briefId: brief.id, ticketId: "T-1", status: "finished" as never }), { code: "VALIDATION_ERROR" });
    await expectRefusedWithoutChange(alice, brief.id, () => reportWork(victor, { briefId: brief.id, ticketId: "T-1", status: "done" }), { code: "PROJECT_ACCESS_DENIED" });
    await expectRefusedWithoutChange(alice, brief.id, () => reportWork(viaToken(bob, ["brief:read"]), { briefId: brief.id, ticketId: "T-1", status: "done" }), { code: "PROJECT_ACCESS_DENIED" });
    const closed = await briefInState(alice, projectId, "closed", tracedContent());
    await expectRefusedWithoutChange(alice, closed.id, () => reportWork(bob, { briefId: closed.id, ticketId: "T-1", status: "done" }), {
      code: "BRIEF_STATE_CONFLICT",
      details: { reason: "BRIEF_READ_ONLY" },
    });
  });

  it("does not count free-form items appended to workOrders", async () => {
    const brief = await newBrief(alice, projectId, tracedContent());
    await append(bob, { briefId: brief.id, collection: "workOrders", item: { ticketId: "T-1", status: "done" } });
    expect((await traceOf(alice, brief.id)).tickets[0].workOrder).toMatchObject({ status: "todo", entries: 0 });
    expect((await readBrief(alice, brief.id)).collections.workOrders.items).toHaveLength(1);
  });
});
