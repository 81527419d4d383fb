import { describe, expect, it } from "vitest";
import { addMember, newUser, projectWithPeople } from "../support/fixtures";
import {
  append,
  approve,
  briefInState,
  expectedApprovalHash,
  newBrief,
  readBrief,
  readyContent,
  toggle,
  traverse,
  update,
} from "../support/briefs";

/**
 * Real races: every call below is started at once with Promise.all. On PostgreSQL they run on
 * parallel connections; the embedded database serializes transactions, so there they prove the
 * same outcome without the parallelism.
 */
describe(`concurrent writers on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("20 people ticking 20 different rows at once: all 20 ticks land, versions 2..21 without gaps or repeats", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => newUser(`Tester ${i}`)));
    for (const person of people) await addMember(projectId, person, "editor");
    const rows = Array.from({ length: 20 }, (_, i) => ({ text: `Row ${i}`, checked: false }));
    const brief = await newBrief(alice, projectId, { goal: "g", testingQaChecklist: rows });

    const outcomes = await Promise.all(
      people.map((person, i) => toggle(person, { briefId: brief.id, index: i, expectedText: `Row ${i}`, checked: true })),
    );

    expect(outcomes.map((o) => o.result.brief.versionNum).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    const full = await readBrief(alice, brief.id);
    expect(full.brief.versionNum).toBe(21);
    expect(full.brief.content.testingQaChecklist!.map((row) => [row.text, row.checked, row.checkedBy])).toEqual(
      rows.map((row, i) => [row.text, true, `Tester ${i}`]),
    );
    const versions = (await traverse(alice, brief.id, "versions", 7)).items;
    expect(versions.map((v) => v.versionNum)).toEqual(Array.from({ length: 21 }, (_, i) => 21 - i));
    // A later version is never dated before an earlier one, nor a later tick before the version it is in.
    const times = versions.map((v) => Date.parse(v.createdAt as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const updatedAt = Date.parse(full.lifecycle.updatedAt);
    expect(updatedAt).toBe(times[0]);
    // Each person's result shows their own tick in the version they minted.
    for (const [i, o] of outcomes.entries()) expect(o.result.brief.content.testingQaChecklist![i]).toMatchObject({ checked: true, checkedBy: `Tester ${i}` });
  });

  it("10 writers with the same ifVersionNum: exactly one wins, nine get VERSION_MISMATCH", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const brief = await newBrief(alice, projectId, { goal: "start" });

    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => update(alice, { briefId: brief.id, content: { goal: `writer ${i}` }, ifVersionNum: 1 })),
    );

    const won = settled.filter((s) => s.status === "fulfilled");
    const lost = settled.filter((s): s is PromiseRejectedResult => s.status === "rejected");
    expect(won).toHaveLength(1);
    const winner = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof update>>>).value.result.brief;
    expect(winner.versionNum).toBe(2);
    expect(lost).toHaveLength(9);
    for (const loss of lost) {
      expect(loss.reason).toMatchObject({
        code: "BRIEF_VERSION_CONFLICT",
        details: { reason: "VERSION_MISMATCH", currentVersionNum: 2, currentVersionHash: winner.currentVersionHash },
      });
    }
    const full = await readBrief(alice, brief.id);
    expect(full.brief.content).toEqual(winner.content);
    expect(full.collections.versions.items.map((v) => v.versionNum)).toEqual([2, 1]);
  });

  it("12 unconditional edits at once all apply, each as its own version", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const brief = await newBrief(alice, projectId, { goal: "start" });

    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => update(alice, { briefId: brief.id, content: { goal: `edit ${i}` } })));

    const minted = outcomes.map((o) => o.result.brief.versionNum).sort((a, b) => a - b);
    expect(minted).toEqual(Array.from({ length: 12 }, (_, i) => i + 2));
    const last = outcomes.find((o) => o.result.brief.versionNum === 13)!.result.brief;
    expect((await readBrief(alice, brief.id)).brief.content).toEqual(last.content);
  });

  it("appends racing with edits share one gap-free item sequence", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const brief = await newBrief(alice, projectId, { goal: "start" });

    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => append(alice, { briefId: brief.id, collection: "comments", item: { body: `comment ${i}` } })),
      ...Array.from({ length: 5 }, (_, i) => update(alice, { briefId: brief.id, content: { goal: `edit ${i}` } })),
    ]);

    const comments = (await traverse(alice, brief.id, "comments", 3)).items;
    expect(comments.map((c) => c.body).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `comment ${i}`).sort());
    expect((await traverse(alice, brief.id, "versions", 2)).items.map((v) => v.versionNum)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it("one person approving from five tabs at once gets one approval", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const brief = await briefInState(alice, projectId, "in_review");

    const outcomes = await Promise.all(Array.from({ length: 5 }, () => approve(alice, { briefId: brief.id })));

    expect(new Set(outcomes.map((o) => o.result.approval.id)).size).toBe(1);
    expect((await traverse(alice, brief.id, "approvals")).items).toHaveLength(1);
  });

  it("approvals racing a requirement edit never leave a live approval of old requirements", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const reviewers = await Promise.all(Array.from({ length: 6 }, (_, i) => newUser(`Reviewer ${i}`)));
    for (const reviewer of reviewers) await addMember(projectId, reviewer, "editor");
    const brief = await briefInState(alice, projectId, "in_review");
    const edited = readyContent({ requirements: ["Export as CSV", "Export as PDF", "Export as XLSX"] });

    const [edit] = await Promise.all([
      update(alice, { briefId: brief.id, content: edited }),
      ...reviewers.map((reviewer) => approve(reviewer, { briefId: brief.id })),
    ]);

    const current = (await readBrief(alice, brief.id)).brief;
    const approvals = (await traverse(alice, brief.id, "approvals")).items;
    expect(approvals).toHaveLength(6);
    const live = approvals.filter((a) => !a.stale);
    const stale = approvals.filter((a) => a.stale);
    for (const a of live) expect(a.approvalHash).toBe(expectedApprovalHash(current.content));
    for (const a of stale) expect(a).toMatchObject({ approvalHash: expectedApprovalHash(brief.content), staledAtVersionNum: 2 });
    expect(edit.result.brief.staledApprovals).toBe(stale.length);
  });
});
