import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { uniqueKey, viaToken, projectWithPeople } from "../support/fixtures";
import { append, approve, briefInState, decide, expectRefusedWithoutChange, newBrief, propose, readBrief, readyContent, RFC3339_UTC, toggle, transition, traverse, update } from "../support/briefs";

describe(`brief_propose on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let rita: Actor;
  let victor: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ projectId, alice, rita, victor } = await projectWithPeople({ alice: "owner", rita: "reviewer", victor: "viewer" }));
  });

  it("stores an open proposal with its base, author and item-level changes, and changes nothing in the brief", async () => {
    const brief = await briefInState(alice, projectId, "in_review", readyContent({ acceptanceCriteria: [{ id: "AC-1", text: "A CSV file downloads" }, { id: "AC-2", text: "Totals match" }] }));
    await approve(alice, { briefId: brief.id });
    const before = await readBrief(alice, brief.id);
    const agent = viaToken(rita, ["brief:read", "brief:propose"], "reviewer-bot");

    const { result, replayed } = await propose(agent, {
      briefId: brief.id,
      baseVersionNum: brief.versionNum,
      summary: "Tighten the **criteria**",
      changes: {
        goal: "Let customers export and download their invoices.",
        requirements: ["Export as CSV", "Export as PDF within 5 seconds", "Export as XLSX"],
        acceptanceCriteria: [{ id: "AC-1", text: "A CSV file downloads within 2 seconds" }, { id: "AC-3", text: "The PDF has the logo" }],
        scope: null,
        outOfScope: "Paper invoices",
      },
    });

    expect(replayed).toBe(false);
    expect(result.proposal).toMatchObject({
      id: expect.any(String),
      createdAt: expect.stringMatching(RFC3339_UTC),
      status: "open",
      baseVersionNum: brief.versionNum,
      author: `${rita.email} via reviewer-bot`,
      summary: "Tighten the **criteria**",
      // scope was absent in the base: removing it changes nothing.
      changedSections: ["goal", "requirements", "acceptanceCriteria", "outOfScope"],
      mergeable: true,
      conflicts: [],
      overlapsWith: [],
    });
    expect(result.proposal.itemChanges).toEqual([
      { section: "goal", change: "edited", to: "Let customers export and download their invoices." },
      { section: "requirements", change: "edited", text: "Export as PDF", to: "Export as PDF within 5 seconds" },
      { section: "requirements", change: "added", text: "Export as XLSX", to: "Export as XLSX" },
      { section: "acceptanceCriteria", change: "edited", id: "AC-1", to: { id: "AC-1", text: "A CSV file downloads within 2 seconds" } },
      { section: "acceptanceCriteria", change: "removed", id: "AC-2" },
      { section: "acceptanceCriteria", change: "added", id: "AC-3", to: { id: "AC-3", text: "The PDF has the logo" } },
      { section: "outOfScope", change: "added", to: "Paper invoices" },
    ]);
    // The proposed sections themselves stay on the server; itemChanges carry every new value.
    expect(result.proposal).not.toHaveProperty("changes");
    const after = await readBrief(alice, brief.id);
    expect(after.brief).toEqual(before.brief);
    expect(after.lifecycle.yourLiveApproval).toEqual(before.lifecycle.yourLiveApproval);
    expect(after.openProposals).toBe(1);
    expect(Object.keys(after.brief)).toHaveLength(9);
    expect(after.collections.proposals.items).toEqual([result.proposal]);
    expect((await traverse(victor, brief.id, "proposals")).items).toEqual([result.proposal]);
  });

  it("refuses changes whose result breaks a content rule, a base the brief never had, and changes that change nothing", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    const cases: Array<[Record<string, unknown>, number, { code: string; details?: Record<string, unknown> }]> = [
      [{ requirements: ["ok", ""] }, 1, { code: "VALIDATION_ERROR", details: { issues: [expect.objectContaining({ path: "changes.requirements[1]" })] } }],
      [{ acceptanceCriteria: [{ id: "bad id!", text: "x" }] }, 1, { code: "VALIDATION_ERROR", details: { issues: [expect.objectContaining({ path: "changes.acceptanceCriteria[0].id" })] } }],
      [{ requirements: Array.from({ length: 51 }, (_, i) => `R${i}`) }, 1, { code: "VALIDATION_ERROR" }],
      [{ goal: "x".repeat(4001) }, 1, { code: "VALIDATION_ERROR", details: { issues: [expect.objectContaining({ path: "changes.goal" })] } }],
      [Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`notes${i}`, "n".repeat(3500)])), 1, { code: "CONTENT_TOO_LARGE", details: { limit: 262_144 } }],
      [{ goal: "New" }, 2, { code: "VALIDATION_ERROR", details: { issues: [expect.objectContaining({ path: "baseVersionNum" })] } }],
      [{ goal: "Let customers export their invoices." }, 1, { code: "VALIDATION_ERROR", details: { issues: [expect.objectContaining({ path: "changes" })] } }],
      [{ testingQaChecklist: [{ text: "CSV opens in a spreadsheet", checked: true }, { text: "PDF renders", checked: false }] }, 1, { code: "VALIDATION_ERROR" }],
    ];
    for (const [changes, baseVersionNum, expected] of cases) {
      await expectRefusedWithoutChange(alice, brief.id, () => propose(rita, { briefId: brief.id, baseVersionNum, changes }), expected);
    }
    expect((await readBrief(alice, brief.id)).openProposals).toBe(0);
  });

  it("written against an older version, says at once where it stands against the current one", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    await update(alice, { briefId: brief.id, content: readyContent({ goal: "Edited since", scope: "Added since" }) });
    const { proposal } = (await propose(rita, { briefId: brief.id, baseVersionNum: 1, changes: { goal: "Proposed goal", edgeCases: ["Empty month"] } })).result;
    expect(proposal).toMatchObject({
      baseVersionNum: 1,
      mergeable: false,
      conflicts: [{ section: "goal", item: null, base: "Let customers export their invoices.", current: "Edited since", proposed: "Proposed goal" }],
    });
    expect((await readBrief(alice, brief.id)).collections.proposals.items[0]).toEqual(proposal);
  });

  it("is exactly once per key, and read-only briefs refuse it", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    const key = uniqueKey();
    const first = await propose(rita, { briefId: brief.id, baseVersionNum: 1, changes: { goal: "Once" }, idempotencyKey: key });
    const again = await propose(rita, { briefId: brief.id, baseVersionNum: 1, changes: { goal: "Once" }, idempotencyKey: key });
    expect(again).toMatchObject({ replayed: true, result: first.result });
    await expect(propose(rita, { briefId: brief.id, baseVersionNum: 1, changes: { goal: "Other" }, idempotencyKey: key })).rejects.toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    expect((await readBrief(alice, brief.id)).openProposals).toBe(1);

    const closed = await briefInState(alice, projectId, "closed");
    await expectRefusedWithoutChange(alice, closed.id, () => propose(rita, { briefId: closed.id, baseVersionNum: closed.versionNum, changes: { goal: "Late" } }), {
      code: "BRIEF_STATE_CONFLICT",
      details: { reason: "BRIEF_READ_ONLY" },
    });
  });

  it("reviewers read, comment and propose, but neither edit, tick nor decide; viewers only read", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    const { result } = await propose(rita, { briefId: brief.id, baseVersionNum: 1, changes: { goal: "Reviewed" } });
    await append(rita, { briefId: brief.id, collection: "comments", item: { body: "See my proposal" } });
    const denied = { code: "PROJECT_ACCESS_DENIED" };
    const refusals = [
      () => update(rita, { briefId: brief.id, content: { goal: "Direct" } }),
      () => toggle(rita, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", checked: true }),
      () => transition(rita, { briefId: brief.id, to: "in_review" }),
      () => append(rita, { briefId: brief.id, collection: "findings", item: { note: "x" } }),
      () => decide(rita, { briefId: brief.id, proposalId: result.proposal.id, decision: "accept" }),
      () => decide(rita, { briefId: brief.id, proposalId: result.proposal.id, decision: "reject" }),
      () => propose(victor, { briefId: brief.id, baseVersionNum: 1, changes: { goal: "Viewer" } }),
      () => append(victor, { briefId: brief.id, collection: "comments", item: { body: "Viewer" } }),
    ];
    for (const call of refusals) await expectRefusedWithoutChange(alice, brief.id, call, denied);
    expect((await readBrief(rita, brief.id)).lifecycle.yourRole).toBe("reviewer");
  });
});
