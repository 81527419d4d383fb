import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import { restoreBriefVersion } from "@/lib/briefs/restore-brief-version";
import { createProject } from "@/lib/projects/create-project";
import { setProjectMember } from "@/lib/projects/set-project-member";
import { addMember, newUser, uniqueKey, viaToken, projectWithPeople } from "../support/fixtures";
import {
  append,
  approve,
  briefInState,
  create,
  decide,
  expectRefusedWithoutChange,
  newBrief,
  propose,
  readBrief,
  readyContent,
  toggle,
  transition,
  traverse,
  update,
} from "../support/briefs";

describe(`brief_proposal_decide on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let rita: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ projectId, alice, bob, rita } = await projectWithPeople({ alice: "owner", bob: "editor", rita: "reviewer" }));
  });

  it("accepting mints one version that names the proposal and both people, stales approvals and sends a baselined brief back to review", async () => {
    const brief = await briefInState(alice, projectId, "baselined");
    const agent = viaToken(rita, ["brief:read", "brief:propose"], "critic");
    const { proposal } = (await propose(agent, { briefId: brief.id, baseVersionNum: brief.versionNum, changes: { requirements: ["Export as CSV", "Export as PDF", "Export as XLSX"] } })).result;

    const { result } = await decide(bob, { briefId: brief.id, proposalId: proposal.id, decision: "accept", reason: "Customers asked" });

    expect(result.brief).toMatchObject({ versionNum: brief.versionNum + 1, createdNewVersion: true, staledApprovals: 1, state: "in_review" });
    expect(result.proposal).toMatchObject({ id: proposal.id, status: "accepted", decidedBy: "Bob", reason: "Customers asked", versionNum: brief.versionNum + 1, declinedSections: [] });
    expect(result.proposal).not.toHaveProperty("mergeable");
    const full = await readBrief(alice, brief.id);
    expect(full.openProposals).toBe(0);
    expect(full.collections.versions.items[0]).toMatchObject({ versionNum: brief.versionNum + 1, createdBy: "Bob", via: "web", proposalId: proposal.id, proposedBy: `${rita.email} via critic`, changedSections: ["requirements"] });
    expect(full.collections.proposals.items[0]).toEqual(result.proposal);
    expect(full.brief.content.requirements).toEqual(["Export as CSV", "Export as PDF", "Export as XLSX"]);
  });

  it("accepting some sections declines the rest; the version holds only the accepted ones", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    const { proposal } = (await propose(rita, { briefId: brief.id, baseVersionNum: 1, changes: { goal: "Faster exports", scope: "EU only", edgeCases: ["Empty month"] } })).result;
    await expectRefusedWithoutChange(alice, brief.id, () => decide(alice, { briefId: brief.id, proposalId: proposal.id, decision: "accept", sections: ["goal", "design"] }), {
      code: "VALIDATION_ERROR",
      details: { issues: [expect.objectContaining({ path: "sections" })] },
    });
    const key = uniqueKey();
    const { result } = await decide(alice, { briefId: brief.id, proposalId: proposal.id, decision: "accept", sections: ["edgeCases", "goal"], idempotencyKey: key });
    expect(result.proposal).toMatchObject({ status: "accepted", declinedSections: ["scope"] });
    // The same sections named in another order are the same decision: a retry replays it.
    expect(await decide(alice, { briefId: brief.id, proposalId: proposal.id, decision: "accept", sections: ["goal", "edgeCases"], idempotencyKey: key })).toMatchObject({ replayed: true, result });
    expect(result.brief.content).toMatchObject({ goal: "Faster exports", edgeCases: ["Empty month"] });
    expect(result.brief.content).not.toHaveProperty("scope");
  });

  it("accepting what the brief already holds writes no version and names none", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    const { proposal } = (await propose(rita, { briefId: brief.id, baseVersionNum: 1, changes: { goal: "Same words" } })).result;
    await update(alice, { briefId: brief.id, content: readyContent({ goal: "Same words" }) });
    const { result } = await decide(alice, { briefId: brief.id, proposalId: proposal.id, decision: "accept" });
    expect(result.brief).toMatchObject({ versionNum: 2, createdNewVersion: false });
    expect(result.proposal.status).toBe("accepted");
    expect(result.proposal).not.toHaveProperty("versionNum");
  });

  it("a decided proposal is no longer open: deciding again is PROPOSAL_NOT_OPEN, and a replay returns the first answer", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    const { proposal } = (await propose(rita, { briefId: brief.id, baseVersionNum: 1, changes: { goal: "Nope" } })).result;
    const key = uniqueKey();
    const rejected = await decide(alice, { briefId: brief.id, proposalId: proposal.id, decision: "reject", reason: "Out of scope", idempotencyKey: key });
    expect(rejected.result.proposal).toMatchObject({ status: "rejected", reason: "Out of scope", decidedBy: "Alice" });
    expect(rejected.result.brief).toMatchObject({ versionNum: 1, createdNewVersion: false });
    expect(await decide(alice, { briefId: brief.id, proposalId: proposal.id, decision: "reject", reason: "Out of scope", idempotencyKey: key })).toMatchObject({ replayed: true, result: rejected.result });
    for (const decision of ["accept", "reject"] as const) {
      await expectRefusedWithoutChange(alice, brief.id, () => decide(bob, { briefId: brief.id, proposalId: proposal.id, decision }), {
        code: "BRIEF_STATE_CONFLICT",
        details: { reason: "PROPOSAL_NOT_OPEN", proposalStatus: "rejected" },
      });
    }
    await expectRefusedWithoutChange(alice, brief.id, () => decide(alice, { briefId: brief.id, proposalId: "no-such-proposal", decision: "reject" }), {
      code: "VALIDATION_ERROR",
      details: { issues: [expect.objectContaining({ path: "proposalId" })] },
    });
  });

  it("only the author withdraws, through any of their doors; a proposal made again with supersedes replaces the earlier one", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    const first = (await propose(viaToken(rita, ["brief:read", "brief:propose"], "laptop"), { briefId: brief.id, baseVersionNum: 1, changes: { goal: "First try" } })).result.proposal;
    await expectRefusedWithoutChange(alice, brief.id, () => decide(bob, { briefId: brief.id, proposalId: first.id, decision: "withdraw" }), { code: "PROJECT_ACCESS_DENIED" });
    await expectRefusedWithoutChange(alice, brief.id, () => propose(bob, { briefId: brief.id, baseVersionNum: 1, changes: { goal: "Hijack" }, supersedes: first.id }), { code: "PROJECT_ACCESS_DENIED" });

    const second = (await propose(rita, { briefId: brief.id, baseVersionNum: 1, changes: { goal: "Second try" }, supersedes: first.id })).result.proposal;
    expect(second).toMatchObject({ status: "open", supersedes: first.id, overlapsWith: [] });
    let listed = (await traverse(alice, brief.id, "proposals")).items;
    expect(listed.map((p) => [p.id, p.status])).toEqual([[second.id, "open"], [first.id, "superseded"]]);
    expect(listed[1]).toMatchObject({ supersededBy: second.id });

    const { result } = await decide(viaToken(rita, ["brief:read", "brief:propose"], "phone"), { briefId: brief.id, proposalId: second.id, decision: "withdraw" });
    expect(result.proposal).toMatchObject({ status: "withdrawn", decidedBy: `${rita.email} via phone` });
    listed = (await traverse(alice, brief.id, "proposals")).items;
    expect(listed.map((p) => p.status)).toEqual(["withdrawn", "superseded"]);
    expect((await readBrief(alice, brief.id)).openProposals).toBe(0);
  });

  it("open proposals that touch the same items name each other", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    const a = (await propose(rita, { briefId: brief.id, baseVersionNum: 1, changes: { requirements: ["Export as CSV", "Export as PDF/A"] } })).result.proposal;
    const b = (await propose(bob, { briefId: brief.id, baseVersionNum: 1, changes: { requirements: ["Export as CSV", "Export as PDF", "Export as JSON"] } })).result.proposal;
    const c = (await propose(bob, { briefId: brief.id, baseVersionNum: 1, changes: { requirements: ["Export as CSV", "PDF export"], goal: "Other" } })).result.proposal;
    expect(b.overlapsWith).toEqual([]);
    expect(c.overlapsWith).toEqual([a.id]);
    const byId = new Map((await readBrief(alice, brief.id)).collections.proposals.items.map((p) => [p.id, p.overlapsWith]));
    expect(Object.fromEntries(byId)).toEqual({ [a.id]: [c.id], [b.id]: [], [c.id]: [a.id] });
  });

  it("free-form proposals from before read as open legacy items that can only be rejected", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    const prisma = await getPrisma();
    const legacy = await prisma.briefItem.create({
      data: { briefId: brief.id, collection: "proposals", seq: 100, data: { section: "goal", proposed: "Old idea", status: "whatever" }, status: "open", legacy: true },
    });
    const full = await readBrief(alice, brief.id);
    expect(full.openProposals).toBe(1);
    expect(full.collections.proposals.items[0]).toEqual({
      section: "goal",
      proposed: "Old idea",
      id: legacy.id,
      createdAt: legacy.createdAt.toISOString(),
      status: "open",
      legacy: true,
      mergeable: false,
      conflicts: [],
      overlapsWith: [],
    });
    await expectRefusedWithoutChange(alice, brief.id, () => decide(alice, { briefId: brief.id, proposalId: legacy.id, decision: "accept" }), {
      code: "VALIDATION_ERROR",
      details: { issues: [expect.objectContaining({ path: "decision" })] },
    });
    const { result } = await decide(alice, { briefId: brief.id, proposalId: legacy.id, decision: "reject", reason: "Stale" });
    expect(result.proposal).toMatchObject({ status: "rejected", legacy: true, proposed: "Old idea", reason: "Stale" });
  });

  it("a token that may only propose is refused on every direct write", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    await transition(alice, { briefId: brief.id, to: "in_review" });
    const scoped = viaToken(alice, ["brief:read", "brief:propose"], "suggester");
    const { proposal } = (await propose(scoped, { briefId: brief.id, baseVersionNum: 1, changes: { goal: "Suggested" } })).result;
    const writes: Array<() => Promise<unknown>> = [
      () => update(scoped, { briefId: brief.id, content: readyContent({ goal: "Direct" }) }),
      () => update(scoped, { briefId: brief.id, title: "Renamed" }),
      () => toggle(scoped, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", checked: true }),
      () => transition(scoped, { briefId: brief.id, to: "drafting" }),
      () => approve(scoped, { briefId: brief.id }),
      () => append(scoped, { briefId: brief.id, collection: "comments", item: { body: "hi" } }),
      () => restoreBriefVersion(scoped, { briefId: brief.id, versionNum: 1, ifVersionNum: 1, idempotencyKey: uniqueKey() }),
      () => decide(scoped, { briefId: brief.id, proposalId: proposal.id, decision: "accept" }),
      () => decide(scoped, { briefId: brief.id, proposalId: proposal.id, decision: "reject" }),
      () => create(scoped, { projectId }),
      () => createProject(scoped, { name: "Nope", idempotencyKey: uniqueKey() }),
      () => setProjectMember(scoped, { projectId, email: "someone@example.test", role: "viewer", idempotencyKey: uniqueKey() }),
    ];
    for (const write of writes) await expectRefusedWithoutChange(alice, brief.id, write, { code: "PROJECT_ACCESS_DENIED" });
    expect((await decide(scoped, { briefId: brief.id, proposalId: proposal.id, decision: "withdraw" })).result.proposal.status).toBe("withdrawn");
  });
});

describe(`deciding proposals under concurrency on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ projectId, alice, bob } = await projectWithPeople({ alice: "owner", bob: "editor" }));
  });

  it("five people accepting the same proposal at once make exactly one version", async () => {
    const people = [alice, bob, ...(await Promise.all([1, 2, 3].map((i) => newUser(`Editor ${i}`))))];
    for (const person of people.slice(2)) await addMember(projectId, person, "editor");
    const brief = await newBrief(alice, projectId, readyContent());
    const { proposal } = (await propose(bob, { briefId: brief.id, baseVersionNum: 1, changes: { goal: "Once only" } })).result;

    const settled = await Promise.allSettled(people.map((person) => decide(person, { briefId: brief.id, proposalId: proposal.id, decision: "accept" })));

    const won = settled.filter((s) => s.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const lost of settled.filter((s) => s.status === "rejected")) {
      expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: "BRIEF_STATE_CONFLICT", details: { reason: "PROPOSAL_NOT_OPEN", proposalStatus: "accepted" } });
    }
    const full = await readBrief(alice, brief.id);
    expect(full.brief.versionNum).toBe(2);
    expect((await traverse(alice, brief.id, "versions")).items.filter((v) => v.proposalId === proposal.id)).toHaveLength(1);
  });

  it("an accept racing a direct edit yields a merged version or a refusal naming the conflict, never a lost update", async () => {
    for (const [edit, conflicting] of [
      [{ scope: "Edited directly" }, false],
      [{ goal: "Edited directly" }, true],
    ] as const) {
      const brief = await newBrief(alice, projectId, readyContent());
      const { proposal } = (await propose(bob, { briefId: brief.id, baseVersionNum: 1, changes: { goal: "Proposed goal" } })).result;
      // The editor saves what they read (version 1), guarded as the editor and agents do.
      const [accepted, edited] = await Promise.allSettled([
        decide(alice, { briefId: brief.id, proposalId: proposal.id, decision: "accept" }),
        update(bob, { briefId: brief.id, content: readyContent(edit), ifVersionNum: 1 }),
      ]);
      const final = (await readBrief(alice, brief.id)).brief.content;
      if (edited.status === "rejected") {
        // The accept went first: the edit is told, not written over what the accept wrote.
        expect(edited.reason).toMatchObject({ code: "BRIEF_VERSION_CONFLICT", details: { reason: "VERSION_MISMATCH", currentVersionNum: 2 } });
        expect(accepted.status).toBe("fulfilled");
        expect(final.goal).toBe("Proposed goal");
      } else if (accepted.status === "fulfilled") {
        // The edit went first and the accept merged into it: both changes are there.
        expect(conflicting).toBe(false);
        expect(final).toMatchObject({ goal: "Proposed goal", scope: "Edited directly" });
      } else {
        expect(conflicting).toBe(true);
        expect(accepted.reason).toMatchObject({
          code: "BRIEF_VERSION_CONFLICT",
          details: { reason: "PROPOSAL_CONFLICT", conflicts: [expect.objectContaining({ section: "goal", current: "Edited directly", proposed: "Proposed goal" })] },
        });
        expect(final.goal).toBe("Edited directly");
      }
    }
  });
});
