import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getSql } from "@/lib/db/client";
import { uniqueKey, viaToken, projectWithPeople } from "../support/fixtures";
import { approve, briefInState, expectedApprovalHash, expectRefusedWithoutChange, omit, readBrief, RFC3339_UTC, toggle, transition, traverse, update } from "../support/briefs";

describe(`approvals on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let carol: Actor;
  let viewer: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ projectId, alice, bob, carol, viewer } = await projectWithPeople({ alice: "owner", bob: "editor", carol: "owner", viewer: "viewer" }));
  });

  it("are given only in review", async () => {
    for (const state of ["drafting", "baselined", "in_development", "checked"] as const) {
      const brief = await briefInState(alice, projectId, state);
      // The state is checked before the version.
      await expectRefusedWithoutChange(alice, brief.id, () => approve(bob, { briefId: brief.id, ifVersionNum: 99 }), {
        code: "BRIEF_STATE_CONFLICT",
        details: { state, reason: "NOT_IN_REVIEW", allowedTransitions: expect.any(Array) },
      });
    }
  });

  it("bind to the requirements' hash, by the approver, the author included; viewers cannot approve", async () => {
    const brief = await briefInState(alice, projectId, "in_review");
    const { result } = await approve(alice, { briefId: brief.id, ifVersionNum: 1 });

    expect(result.brief).toEqual({ ...brief, createdNewVersion: false, staledApprovals: 0 });
    expect(result.approval).toEqual({
      id: expect.any(String),
      createdAt: expect.stringMatching(RFC3339_UTC),
      versionNum: 1,
      approvalHash: expectedApprovalHash(brief.content),
      approvedBy: "Alice",
      stale: false,
      staledAtVersionNum: null,
    });
    const agent = viaToken(bob, undefined, "review-bot");
    expect((await approve(agent, { briefId: brief.id })).result.approval.approvedBy).toBe(`${bob.email} via review-bot`);
    await expectRefusedWithoutChange(alice, brief.id, () => approve(viewer, { briefId: brief.id }), { code: "PROJECT_ACCESS_DENIED" });
    await expectRefusedWithoutChange(alice, brief.id, () => approve(carol, { briefId: brief.id, ifVersionNum: 2 }), {
      code: "BRIEF_VERSION_CONFLICT",
      details: { reason: "VERSION_MISMATCH", currentVersionNum: 1, currentVersionHash: brief.currentVersionHash },
    });
    expect((await readBrief(alice, brief.id)).collections.approvals.items.map((a) => a.approvedBy)).toEqual([`${bob.email} via review-bot`, "Alice"]);
  });

  it("one live approval per person: approving again returns the live one", async () => {
    const brief = await briefInState(alice, projectId, "in_review");
    const first = (await approve(bob, { briefId: brief.id })).result.approval;
    const again = await approve(bob, { briefId: brief.id });
    expect(again.replayed).toBe(false);
    expect(again.result.approval).toEqual(first);
    expect((await traverse(alice, brief.id, "approvals")).items).toEqual([first]);
  });

  it("survive QA ticks and draft edits; a requirement edit stales every live one", async () => {
    const brief = await briefInState(alice, projectId, "in_review");
    const a = (await approve(alice, { briefId: brief.id })).result.approval;
    const b = (await approve(bob, { briefId: brief.id })).result.approval;

    const ticked = (await toggle(carol, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", checked: true })).result.brief;
    expect(ticked).toMatchObject({ createdNewVersion: true, staledApprovals: 0, versionNum: 2 });
    const drafted = (await update(carol, { briefId: brief.id, content: { ...omit(ticked.content, ["checklist"]), _draft: { requirements: ["maybe"] } } })).result.brief;
    expect(drafted).toMatchObject({ createdNewVersion: true, staledApprovals: 0, versionNum: 3 });
    expect((await traverse(alice, brief.id, "approvals")).items).toEqual([b, a]);

    const edited = (await update(carol, { briefId: brief.id, content: { ...drafted.content, requirements: ["Export as CSV"] } })).result.brief;
    expect(edited).toMatchObject({ createdNewVersion: true, staledApprovals: 2, versionNum: 4, state: "in_review" });
    const approvals = (await traverse(alice, brief.id, "approvals")).items;
    expect(approvals).toEqual([
      { ...b, stale: true, staledAtVersionNum: 4 },
      { ...a, stale: true, staledAtVersionNum: 4 },
    ]);

    // A stale approval no longer counts: Bob may approve the new requirements, once more.
    const fresh = (await approve(bob, { briefId: brief.id })).result.approval;
    expect(fresh).toMatchObject({ versionNum: 4, stale: false, approvalHash: expectedApprovalHash(edited.content) });
    expect(fresh.id).not.toBe(b.id);
    // A second requirement edit stales only the one live approval.
    const again = (await update(carol, { briefId: brief.id, content: { ...edited.content, requirements: ["Export as CSV and PDF"] } })).result.brief;
    expect(again.staledApprovals).toBe(1);
    expect((await readBrief(alice, brief.id)).collections.approvals.items.map((x) => [x.id, x.stale, x.staledAtVersionNum])).toEqual([
      [fresh.id, true, 5],
      [b.id, true, 4],
      [a.id, true, 4],
    ]);
  });

  it("count for baselining only while live", async () => {
    const brief = await briefInState(alice, projectId, "in_review");
    await approve(bob, { briefId: brief.id });
    await update(alice, { briefId: brief.id, content: { ...brief.content, acceptanceCriteria: [{ id: "AC-2", text: "A PDF downloads" }] } });
    await expect(transition(alice, { briefId: brief.id, to: "baselined" })).rejects.toMatchObject({
      code: "BRIEF_STATE_CONFLICT",
      details: { reason: "NO_LIVE_APPROVAL" },
    });
    await approve(carol, { briefId: brief.id });
    expect((await transition(alice, { briefId: brief.id, to: "baselined" })).result.brief.state).toBe("baselined");
  });

  it("stay live when the write that staled them fails at its last statement; the same key then succeeds", async () => {
    const brief = await briefInState(alice, projectId, "in_review");
    const live = (await approve(bob, { briefId: brief.id })).result.approval;
    const sql = await getSql();
    // A row in the way of the version the edit mints: its last statement (the batch sent with COMMIT)
    // fails after the approvals were staled by a statement of their own.
    const strayId = crypto.randomUUID();
    await sql.query(
      `INSERT INTO "BriefVersion" (id, "briefId", seq, "versionNum", hash, "approvalHash", sections, "createdBy", "createdById", via)
       VALUES ($1, $2, 1000000, $3, 'x', 'x', '[]', 'test', $4, 'test')`,
      [strayId, brief.id, brief.versionNum + 1, alice.userId],
    );
    const key = uniqueKey();
    const edit = { briefId: brief.id, content: { ...omit(brief.content, ["checklist"]), requirements: ["Export as CSV only"] }, idempotencyKey: key };
    const before = await readBrief(alice, brief.id);
    await expect(update(alice, edit)).rejects.toThrow();
    expect(await readBrief(alice, brief.id)).toEqual(before);
    expect((await traverse(alice, brief.id, "approvals")).items).toEqual([live]);

    await sql.query(`DELETE FROM "BriefVersion" WHERE id = $1`, [strayId]);
    const retried = await update(alice, edit);
    expect(retried.replayed).toBe(false);
    expect(retried.result.brief).toMatchObject({ versionNum: brief.versionNum + 1, createdNewVersion: true, staledApprovals: 1, state: "in_review" });
    expect((await traverse(alice, brief.id, "approvals")).items).toEqual([{ ...live, stale: true, staledAtVersionNum: brief.versionNum + 1 }]);
  });
});
