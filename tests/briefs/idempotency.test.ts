import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { listBriefs } from "@/lib/briefs/list-briefs";
import { getPrisma } from "@/lib/db/client";
import { createProject } from "@/lib/projects/create-project";
import { listProjects } from "@/lib/projects/list-projects";
import { setProjectMember } from "@/lib/projects/set-project-member";
import { newProject, newUser, uniqueKey, ownerAndEditor } from "../support/fixtures";
import { append, approve, briefInState, create, newBrief, readBrief, readyContent, toggle, transition, traverse, update } from "../support/briefs";

async function receiptsFor(actor: Actor, key: string) {
  const prisma = await getPrisma();
  return prisma.idempotencyReceipt.findMany({ where: { userId: actor.userId, key } });
}

describe(`exactly-once writes on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ alice, bob, projectId } = await ownerAndEditor());
  });

  it("replays brief_create with the stored result and creates one brief", async () => {
    const project = await newProject(alice);
    const key = uniqueKey();
    const args = { projectId: project, title: "Once", content: readyContent(), idempotencyKey: key };

    const first = await create(alice, args);
    await update(alice, { briefId: first.result.brief.id, content: { goal: "moved on" } });
    const second = await create(alice, args);

    expect(first.replayed).toBe(false);
    expect(second).toEqual({ result: first.result, replayed: true, firstSeenAt: first.firstSeenAt });
    expect((await listBriefs(alice, { projectId: project })).items).toHaveLength(1);
  });

  it("replays every write tool without applying it twice", async () => {
    const brief = await briefInState(alice, projectId, "in_review");
    const calls: Array<() => Promise<{ result: unknown; replayed: boolean; firstSeenAt: string }>> = [];
    const k = () => uniqueKey();
    const keys = { update: k(), toggle: k(), approve: k(), append: k(), transition: k(), project: k(), member: k() };
    const carol = await newUser("Carol");
    calls.push(() => update(bob, { briefId: brief.id, content: { ...brief.content, goal: "new goal" }, idempotencyKey: keys.update }));
    calls.push(() => toggle(bob, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", checked: true, idempotencyKey: keys.toggle }));
    calls.push(() => approve(bob, { briefId: brief.id, idempotencyKey: keys.approve }));
    calls.push(() => append(bob, { briefId: brief.id, collection: "comments", item: { body: "Looks good" }, idempotencyKey: keys.append }));
    calls.push(() => transition(bob, { briefId: brief.id, to: "baselined", idempotencyKey: keys.transition }));
    calls.push(() => createProject(bob, { name: "Bob's", idempotencyKey: keys.project }));
    calls.push(() => setProjectMember(alice, { projectId, email: carol.email, role: "viewer", idempotencyKey: keys.member }));

    const firsts = [];
    for (const call of calls) firsts.push(await call());
    const after = await readBrief(alice, brief.id);
    for (const [i, call] of calls.entries()) {
      const again = await call();
      expect(again).toEqual({ result: firsts[i].result, replayed: true, firstSeenAt: firsts[i].firstSeenAt });
      expect(firsts[i].replayed).toBe(false);
    }
    // Nothing happened twice: same brief, same collections, one project for Bob.
    expect(await readBrief(alice, brief.id)).toEqual(after);
    expect(after.brief).toMatchObject({ state: "baselined", versionNum: 3 });
    expect(after.collections.comments.items).toHaveLength(1);
    expect(after.collections.approvals.items).toHaveLength(1);
    expect((await listProjects(bob)).items.map((p) => p.name)).toEqual(["Bob's", "Project"]);
  });

  it("refuses the same key with other arguments, naming when it was first used", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    const key = uniqueKey();
    const first = await update(alice, { briefId: brief.id, content: { goal: "A" }, idempotencyKey: key });

    await expect(update(alice, { briefId: brief.id, content: { goal: "B" }, idempotencyKey: key })).rejects.toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      details: { firstUsedAt: first.firstSeenAt },
    });
    await expect(update(alice, { briefId: brief.id, content: { goal: "A" }, ifVersionNum: 1, idempotencyKey: key })).rejects.toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
    });
    const full = await readBrief(alice, brief.id);
    expect(full.brief).toMatchObject({ versionNum: 2, content: { goal: "A" } });
    // Argument order and key order do not make a different call.
    const same = await update(alice, { idempotencyKey: key, content: { goal: "A" }, briefId: brief.id });
    expect(same.replayed).toBe(true);
  });

  it("stores no receipt for a failed call, so a retry with the same key runs", async () => {
    const brief = await newBrief(alice, projectId, { goal: "not ready" });
    const key = uniqueKey();
    const submit = () => transition(bob, { briefId: brief.id, to: "in_review", idempotencyKey: key });

    await expect(submit()).rejects.toMatchObject({ code: "BRIEF_STATE_CONFLICT", details: { reason: "NO_REQUIREMENTS" } });
    expect(await receiptsFor(bob, key)).toEqual([]);

    await update(alice, { briefId: brief.id, content: readyContent() });
    const retried = await submit();
    expect(retried.replayed).toBe(false);
    expect(retried.result.brief.state).toBe("in_review");
    const [receipt] = await receiptsFor(bob, key);
    // Kept for at least a day.
    expect(receipt.expiresAt.getTime() - receipt.createdAt.getTime()).toBeGreaterThanOrEqual(24 * 3_600_000);

    // Likewise after a version conflict.
    const toggleKey = uniqueKey();
    const tick = () => toggle(bob, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", checked: true, ifVersionNum: 2, idempotencyKey: toggleKey });
    await update(alice, { briefId: brief.id, content: { ...readyContent(), goal: "v3" } });
    await expect(tick()).rejects.toMatchObject({ code: "BRIEF_VERSION_CONFLICT" });
    expect(await receiptsFor(bob, toggleKey)).toEqual([]);
  });

  it("scopes keys to the caller and the tool", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    const key = uniqueKey();

    const byAlice = await update(alice, { briefId: brief.id, content: { goal: "Alice's" }, idempotencyKey: key });
    const byBob = await update(bob, { briefId: brief.id, content: { goal: "Bob's" }, idempotencyKey: key });
    const byBobAsAppend = await append(bob, { briefId: brief.id, collection: "findings", item: { note: "x" }, idempotencyKey: key });

    expect([byAlice.replayed, byBob.replayed, byBobAsAppend.replayed]).toEqual([false, false, false]);
    expect(byBob.result.brief).toMatchObject({ versionNum: 3, content: { goal: "Bob's" } });
    expect((await readBrief(alice, brief.id)).collections.findings.items).toHaveLength(1);
  });

  it("20 concurrent duplicates of one toggle: one runs, 19 replay its result, one version is minted", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    const key = uniqueKey();

    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => toggle(bob, { briefId: brief.id, index: 1, expectedText: "PDF renders", checked: true, idempotencyKey: key })),
    );

    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    expect(outcomes.filter((o) => o.replayed)).toHaveLength(19);
    for (const o of outcomes) {
      expect(o.result).toEqual(outcomes[0].result);
      expect(o.firstSeenAt).toBe(outcomes[0].firstSeenAt);
    }
    expect(outcomes[0].result.brief).toMatchObject({ versionNum: 2, createdNewVersion: true });
    expect((await traverse(alice, brief.id, "versions")).items.map((v) => v.versionNum)).toEqual([2, 1]);
    expect(await receiptsFor(bob, key)).toHaveLength(1);
  });

  it("20 concurrent duplicates of one brief_create make one brief", async () => {
    const project = await newProject(alice);
    const args = { projectId: project, title: "Racy", content: readyContent(), idempotencyKey: uniqueKey() };

    const outcomes = await Promise.all(Array.from({ length: 20 }, () => create(alice, args)));

    expect(outcomes.filter((o) => o.replayed)).toHaveLength(19);
    expect(new Set(outcomes.map((o) => o.result.brief.id)).size).toBe(1);
    expect((await listBriefs(alice, { projectId: project })).items).toHaveLength(1);
  });
});
