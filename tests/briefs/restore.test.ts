import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { restoreBriefVersion } from "@/lib/briefs/restore-brief-version";
import { addMember, newProject, newUser, uniqueKey, viaToken, projectWithPeople } from "../support/fixtures";
import { append, newBrief, readBrief, readVersion, toggle, transition, traverse, update } from "../support/briefs";

function restore(actor: Actor, args: { briefId: string; versionNum: number; ifVersionNum: number; idempotencyKey?: string }) {
  return restoreBriefVersion(actor, { ...args, idempotencyKey: args.idempotencyKey ?? uniqueKey() });
}

/** A brief at version 3: version 2 is the content people want back, version 3 replaced it. */
async function briefWithHistory(owner: Actor) {
  const projectId = await newProject(owner);
  const brief = await newBrief(owner, projectId, { goal: "First goal" });
  const wanted = { goal: "The goal we want back", scope: "Only invoices", requirements: ["Export as CSV"] };
  await update(owner, { briefId: brief.id, content: wanted, ifVersionNum: 1 });
  await update(owner, { briefId: brief.id, content: { goal: "A goal nobody liked", requirements: ["Export as XML"] }, ifVersionNum: 2 });
  return { projectId, briefId: brief.id, wanted };
}

describe(`restoring a version on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("writes the old content back as a new version that says what it restored, and keeps every version", async () => {
    const alice = await newUser("Alice");
    const { briefId, wanted } = await briefWithHistory(alice);
    const before = await readVersion(alice, briefId, 3);

    const { result } = await restore(alice, { briefId, versionNum: 2, ifVersionNum: 3 });

    expect(result.brief).toMatchObject({ versionNum: 4, createdNewVersion: true, content: wanted });
    const restored = await readVersion(alice, briefId, 4);
    expect(restored).toMatchObject({ restoredFrom: 2, createdBy: "Alice", via: "web", content: wanted });
    expect(restored.hash).toBe((await readVersion(alice, briefId, 2)).hash);
    // Nothing is lost: the version it replaced is still there, unchanged, and ordinary versions restore nothing.
    expect(await readVersion(alice, briefId, 3)).toEqual(before);
    expect(before.restoredFrom).toBeNull();
    const [newest] = (await traverse(alice, briefId, "versions")).items;
    expect(newest).toMatchObject({ versionNum: 4, restoredFrom: 2, changedSections: ["goal", "scope", "requirements"] });
  });

  it("is guarded: a brief that moved past the version the person saw is left alone (BRIEF_VERSION_CONFLICT)", async () => {
    const alice = await newUser("Alice");
    const { briefId } = await briefWithHistory(alice);
    await update(alice, { briefId, content: { goal: "Someone saved meanwhile" }, ifVersionNum: 3 });

    await expect(restore(alice, { briefId, versionNum: 2, ifVersionNum: 3 })).rejects.toMatchObject({
      code: "BRIEF_VERSION_CONFLICT",
      details: { reason: "VERSION_MISMATCH", currentVersionNum: 4 },
    });
    const { brief } = await readBrief(alice, briefId);
    expect(brief).toMatchObject({ versionNum: 4, content: { goal: "Someone saved meanwhile" } });
  });

  it("races an edit started from the same version: exactly one of them is written", async () => {
    const alice = await newUser("Alice");
    const bob = await newUser("Bob");
    const { projectId, briefId } = await briefWithHistory(alice);
    await addMember(projectId, bob, "editor");

    const [restored, edited] = await Promise.allSettled([
      restore(alice, { briefId, versionNum: 2, ifVersionNum: 3 }),
      update(bob, { briefId, content: { goal: "Bob's edit" }, ifVersionNum: 3 }),
    ]);

    expect([restored.status, edited.status].sort()).toEqual(["fulfilled", "rejected"]);
    const loser = [restored, edited].find((s) => s.status === "rejected") as PromiseRejectedResult;
    expect(loser.reason).toMatchObject({ code: "BRIEF_VERSION_CONFLICT" });
    const { brief } = await readBrief(alice, briefId);
    expect(brief.versionNum).toBe(4);
    expect((await traverse(alice, briefId, "versions")).items).toHaveLength(4);
  });

  it("two people restoring at once from the same version: one restore, one conflict", async () => {
    const alice = await newUser("Alice");
    const bob = await newUser("Bob");
    const { projectId, briefId } = await briefWithHistory(alice);
    await addMember(projectId, bob, "editor");

    const settled = await Promise.allSettled([restore(alice, { briefId, versionNum: 2, ifVersionNum: 3 }), restore(bob, { briefId, versionNum: 1, ifVersionNum: 3 })]);

    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(1);
    expect(settled.find((s) => s.status === "rejected")).toMatchObject({ reason: { code: "BRIEF_VERSION_CONFLICT" } });
    expect((await readBrief(alice, briefId)).brief.versionNum).toBe(4);
  });

  it("replays a retried restore instead of restoring twice", async () => {
    const alice = await newUser("Alice");
    const { briefId } = await briefWithHistory(alice);
    const idempotencyKey = uniqueKey();

    const first = await restore(alice, { briefId, versionNum: 2, ifVersionNum: 3, idempotencyKey });
    const again = await restore(alice, { briefId, versionNum: 2, ifVersionNum: 3, idempotencyKey });

    expect(again.result).toEqual(first.result);
    expect((await readBrief(alice, briefId)).brief.versionNum).toBe(4);
  });

  it("mints nothing when the brief already has that content", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const brief = await newBrief(alice, projectId, { goal: "Same" });
    await update(alice, { briefId: brief.id, title: "Renamed", ifVersionNum: 1 });
    await update(alice, { briefId: brief.id, content: { goal: "Other" }, ifVersionNum: 1 });
    await update(alice, { briefId: brief.id, content: { goal: "Same" }, ifVersionNum: 2 });

    const { result } = await restore(alice, { briefId: brief.id, versionNum: 1, ifVersionNum: 3 });

    expect(result.brief).toMatchObject({ versionNum: 3, createdNewVersion: false, title: "Renamed" });
  });

  it("gives the QA checklist's ticks to the person restoring when the restore changes them", async () => {
    const { projectId, alice, quinn } = await projectWithPeople({ alice: "owner", quinn: "editor" });
    const brief = await newBrief(alice, projectId, { testingQaChecklist: [{ text: "Export works", checked: false }, { text: "PDF renders", checked: false }] });
    await toggle(quinn, { briefId: brief.id, index: 0, expectedText: "Export works", checked: true });
    await toggle(quinn, { briefId: brief.id, index: 1, expectedText: "PDF renders", checked: true });
    await toggle(quinn, { briefId: brief.id, index: 0, expectedText: "Export works", checked: false });

    // Version 3 had both rows ticked by Quinn; now only the second is.
    const { result } = await restore(alice, { briefId: brief.id, versionNum: 3, ifVersionNum: 4 });

    const [first, second] = result.brief.content.testingQaChecklist!;
    expect(first).toMatchObject({ text: "Export works", checked: true, checkedBy: "Alice" });
    expect(second).toMatchObject({ text: "PDF renders", checked: true, checkedBy: "Quinn" });
  });

  it("is for people who may edit, with a token that may write, on a brief that can still change", async () => {
    const alice = await newUser("Alice");
    const { projectId, briefId } = await briefWithHistory(alice);
    const viewer = await newUser("Vic");
    await addMember(projectId, viewer, "viewer");
    const stranger = await newUser("Stranger");

    await expect(restore(viewer, { briefId, versionNum: 2, ifVersionNum: 3 })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(restore(stranger, { briefId, versionNum: 2, ifVersionNum: 3 })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(restore(viaToken(alice, ["brief:read"]), { briefId, versionNum: 2, ifVersionNum: 3 })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(restore(alice, { briefId, versionNum: 9, ifVersionNum: 3 })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "versionNum", message: "The brief has no version 9." }] },
    });
    expect((await readBrief(alice, briefId)).brief.versionNum).toBe(3);

    await transition(alice, { briefId, to: "closed", reason: "Dropped" });
    await expect(restore(alice, { briefId, versionNum: 2, ifVersionNum: 3 })).rejects.toMatchObject({ code: "BRIEF_STATE_CONFLICT" });
    expect((await readBrief(alice, briefId)).brief.versionNum).toBe(3);
  });

  it("names the restore as an agent's operation when a token does it", async () => {
    const alice = await newUser("Alice");
    const { briefId } = await briefWithHistory(alice);
    const agent = viaToken(alice, undefined, "Release bot");

    await restore(agent, { briefId, versionNum: 2, ifVersionNum: 3 });

    expect(await readVersion(alice, briefId, 4)).toMatchObject({ restoredFrom: 2, via: "brief_restore_version", createdBy: `${alice.email} via Release bot` });
    // Appending and other writes leave restores alone: the history keeps saying what was restored.
    await append(alice, { briefId, collection: "comments", item: { body: "Back to the old goal." } });
    expect((await traverse(alice, briefId, "versions")).items[0]).toMatchObject({ versionNum: 4, restoredFrom: 2 });
  });
});
