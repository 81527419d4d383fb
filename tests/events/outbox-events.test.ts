import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import { setProjectMember } from "@/lib/projects/set-project-member";
import { addMember, newUser, uniqueKey, viaToken, projectWithPeople } from "../support/fixtures";
import { append, approve, decide, newBrief, propose, toggle, transition, update } from "../support/briefs";
import { failRow, resolve } from "../support/evidence";
import { giveEvidence, reportWork, tracedContent } from "../support/trace";

type Recorded = { type: string; briefId: string | null; versionNum: number | null; actorLabel: string; data: Record<string, unknown> };

/** The events recorded for a project after `afterSeq`, in outbox order. */
async function eventsOf(projectId: string, afterSeq = 0n): Promise<Recorded[]> {
  const prisma = await getPrisma();
  const rows = await prisma.outboxEvent.findMany({ where: { projectId, seq: { gt: afterSeq } }, orderBy: { seq: "asc" } });
  return rows.map((r) => ({ type: r.type, briefId: r.briefId, versionNum: r.versionNum, actorLabel: r.actorLabel, data: r.data as Record<string, unknown> }));
}

async function lastSeq(projectId: string): Promise<bigint> {
  const prisma = await getPrisma();
  return (await prisma.outboxEvent.findFirst({ where: { projectId }, orderBy: { seq: "desc" } }))?.seq ?? 0n;
}

/** Runs `change` and returns the events it recorded. */
async function recordedBy(projectId: string, change: () => Promise<unknown>): Promise<Recorded[]> {
  const before = await lastSeq(projectId);
  await change();
  return eventsOf(projectId, before);
}

describe(`the outbox on ${process.env.BRIEFS_TEST_DB}`, () => {
  let owner: Actor;
  let editor: Actor;
  let reviewer: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ projectId, owner, editor, reviewer } = await projectWithPeople({ owner: "owner", editor: "editor", reviewer: "reviewer" }, "Outbox"));
  });

  it("records an event with every kind of change, in the change's own transaction", async () => {
    const agent = viaToken(editor, undefined, "claude");
    let briefId = "";
    const created = await recordedBy(projectId, async () => {
      briefId = (await newBrief(agent, projectId, tracedContent(), "Exports")).id;
    });
    expect(created).toEqual([{ type: "brief.created", briefId, versionNum: 1, actorLabel: agent.label, data: {} }]);

    expect(await recordedBy(projectId, () => update(editor, { briefId, content: tracedContent({ goal: "Export everything." }) }))).toMatchObject([
      { type: "brief.version_created", briefId, versionNum: 2, actorLabel: editor.label, data: { restoredFrom: null, proposalId: null } },
    ]);
    expect(await recordedBy(projectId, () => toggle(agent, { briefId, index: 1, expectedText: "PDF renders", checked: true }))).toEqual([
      { type: "brief.checklist_ticked", briefId, versionNum: 3, actorLabel: agent.label, data: { index: 1, checked: true } },
    ]);
    expect(await recordedBy(projectId, () => transition(owner, { briefId, to: "in_review" }))).toMatchObject([
      { type: "brief.state_changed", versionNum: 3, data: { from: "drafting", to: "in_review", automatic: false } },
    ]);
    const approved = await recordedBy(projectId, () => approve(owner, { briefId }));
    expect(approved).toMatchObject([{ type: "brief.approved", versionNum: 3, actorLabel: owner.label }]);

    // Changing the requirements stales the approval; the brief goes back to review by itself.
    const staling = await recordedBy(projectId, () => update(editor, { briefId, content: tracedContent({ goal: "Export everything.", requirements: ["FR-1: Export as CSV", "FR-2: Export as PDF", "FR-3: Export as XLSX"] }) }));
    expect(staling.map((e) => e.type)).toEqual(["brief.version_created", "brief.approval_stale"]);
    expect(staling[1]).toMatchObject({ versionNum: 4, data: { approvalId: approved[0].data.approvalId, userId: owner.userId } });

    const proposed = await recordedBy(projectId, () => propose(viaToken(reviewer, ["brief:read", "brief:propose"], "critic"), { briefId, baseVersionNum: 4, changes: { goal: "Export every invoice." }, summary: "Sharper goal" }));
    expect(proposed).toMatchObject([{ type: "proposal.created", data: { supersedes: null } }]);
    const decided = await recordedBy(projectId, () => decide(owner, { briefId, proposalId: String(proposed[0].data.proposalId), decision: "accept" }));
    expect(decided.map((e) => e.type)).toEqual(["brief.version_created", "proposal.decided"]);
    expect(decided[1]).toMatchObject({ versionNum: 5, data: { decision: "accepted", authorId: reviewer.userId } });

    expect(await recordedBy(projectId, () => append(reviewer, { briefId, collection: "comments", item: { body: "Looks right" } }))).toMatchObject([{ type: "comment.created", actorLabel: reviewer.label }]);
    expect(await recordedBy(projectId, () => append(editor, { briefId, collection: "artifacts", item: { note: "a link" } }))).toMatchObject([{ type: "brief.item_added", data: { collection: "artifacts" } }]);

    // A saved content replaces the checklist: tick the row again, so failing it unticks it.
    await toggle(editor, { briefId, index: 1, expectedText: "PDF renders", checked: true });
    const failed = await recordedBy(projectId, () => failRow(editor, { briefId, index: 1, expectedText: "PDF renders", criterionIds: ["AC-3"] }));
    expect(failed.map((e) => e.type)).toEqual(["brief.checklist_ticked", "finding.opened"]);
    expect(failed[0].data).toEqual({ index: 1, checked: false });
    const findingId = String(failed[1].data.findingId);
    expect(await recordedBy(projectId, () => resolve(editor, { briefId, findingId }))).toMatchObject([{ type: "finding.resolved", data: { findingId } }]);

    const evidenceFailed = await recordedBy(projectId, () => giveEvidence(agent, { briefId, criterionIds: ["AC-1"], result: "fail" }));
    expect(evidenceFailed.map((e) => e.type)).toEqual(["evidence.added", "finding.opened"]);
    const evidencePassed = await recordedBy(projectId, () => giveEvidence(agent, { briefId, criterionIds: ["AC-1"], result: "pass" }));
    expect(evidencePassed.map((e) => e.type)).toEqual(["evidence.added", "finding.resolved"]);

    expect(await recordedBy(projectId, () => reportWork(agent, { briefId, ticketId: "T-1", status: "in_progress" }))).toMatchObject([{ type: "work_order.created", data: { ticketId: "T-1" } }]);
    expect(await recordedBy(projectId, () => reportWork(agent, { briefId, ticketId: "T-1", status: "done" }))).toMatchObject([{ type: "work_order.updated", data: { status: "done" } }]);

    const newcomer = await newUser("Nia");
    const joined = await recordedBy(projectId, () => setProjectMember(owner, { projectId, email: newcomer.email, role: "viewer", idempotencyKey: uniqueKey() }));
    expect(joined).toEqual([{ type: "membership.changed", briefId: null, versionNum: null, actorLabel: owner.label, data: { userId: newcomer.userId, role: "viewer", previousRole: null } }]);

    // No event carries section text.
    const all = JSON.stringify(await eventsOf(projectId));
    for (const text of ["Export everything", "Looks right", "Export every invoice", "PDF renders"]) expect(all).not.toContain(text);
  });

  it("records nothing for a write that is refused or rolls back, and nothing again for a replayed retry", async () => {
    const brief = await newBrief(owner, projectId, tracedContent(), "Refusals");
    const before = await lastSeq(projectId);
    // A stale version: refused after the lock, when the write had begun.
    await expect(update(editor, { briefId: brief.id, content: tracedContent({ goal: "Too late" }), ifVersionNum: 7 })).rejects.toMatchObject({ code: "BRIEF_VERSION_CONFLICT" });
    // A viewer's comment: refused at the door.
    const viewer = await newUser("Vic");
    await addMember(projectId, viewer, "viewer");
    await expect(append(viewer, { briefId: brief.id, collection: "comments", item: { body: "Hi" } })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    expect(await eventsOf(projectId, before)).toEqual([]);

    const key = uniqueKey();
    await append(editor, { briefId: brief.id, collection: "comments", item: { body: "Once" }, idempotencyKey: key });
    await append(editor, { briefId: brief.id, collection: "comments", item: { body: "Once" }, idempotencyKey: key });
    expect((await eventsOf(projectId, before)).map((e) => e.type)).toEqual(["comment.created"]);
  });

  it("orders one brief's events as its writes committed, under concurrent writers", async () => {
    const brief = await newBrief(owner, projectId, tracedContent(), "Race");
    const before = await lastSeq(projectId);
    await Promise.all(Array.from({ length: 8 }, (_, i) => append(i % 2 ? owner : editor, { briefId: brief.id, collection: "comments", item: { body: `Comment ${i}` } })));
    const prisma = await getPrisma();
    const events = await prisma.outboxEvent.findMany({ where: { briefId: brief.id, seq: { gt: before } }, orderBy: { seq: "asc" } });
    const comments = await prisma.briefItem.findMany({ where: { briefId: brief.id, collection: "comments" }, orderBy: { seq: "asc" } });
    // The item sequence is handed out under the brief's lock: the events follow it exactly.
    expect(events.map((e) => (e.data as { commentId: string }).commentId)).toEqual(comments.map((c) => c.id));
  });
});
