import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { updateChecklistItem } from "@/lib/briefs/update-checklist-item";
import { newUser, uniqueKey, viaToken, projectWithPeople } from "../support/fixtures";
import {
  briefInState,
  expectedVersionHash,
  expectRefusedWithoutChange,
  newBrief,
  omit,
  readBrief,
  readyContent,
  RFC3339_UTC,
  toggle,
  traverse,
} from "../support/briefs";

const rows = () => ({
  goal: "g",
  testingQaChecklist: [
    { text: "Row A", checked: false },
    { text: "Row B", checked: false },
    { text: "Row C", checked: true },
  ],
});

describe(`brief_checklist_update on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let qa: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ projectId, alice, qa } = await projectWithPeople({ alice: "owner", qa: { role: "editor", name: "Quinn QA" } }));
  });

  it("ticks one row with the server's attribution and leaves everything else as it was", async () => {
    const brief = await newBrief(alice, projectId, rows());
    const agent = viaToken(qa, undefined, "qa-bot");
    const started = Date.now();

    const { result } = await toggle(agent, { briefId: brief.id, index: 1, expectedText: "Row B", checked: true, ifVersionNum: 1 });

    expect(result.brief).toMatchObject({ versionNum: 2, createdNewVersion: true, staledApprovals: 0, state: "drafting", title: brief.title });
    const [a, b, c] = result.brief.content.testingQaChecklist!;
    expect(a).toEqual(brief.content.testingQaChecklist![0]);
    expect(c).toEqual(brief.content.testingQaChecklist![2]);
    expect(b).toEqual({ text: "Row B", checked: true, addedBy: "Alice", checkedBy: `${qa.email} via qa-bot`, checkedAt: expect.stringMatching(RFC3339_UTC) });
    expect(Date.parse(b.checkedAt!)).toBeGreaterThanOrEqual(started - 1000);
    expect(Date.parse(b.checkedAt!)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(result.brief.content.goal).toBe("g");
    expect(result.brief.currentVersionHash).toBe(expectedVersionHash(result.brief.content));
    expect((await readBrief(alice, brief.id)).brief).toEqual({ ...result.brief, createdNewVersion: false });
  });

  it("unticking removes checkedBy and checkedAt but keeps who added the row", async () => {
    const brief = await newBrief(alice, projectId, rows());
    const ticked = (await toggle(qa, { briefId: brief.id, index: 0, expectedText: "Row A", checked: true })).result.brief;
    expect(ticked.content.testingQaChecklist![0]).toHaveProperty("checkedBy", "Quinn QA");

    const { result } = await toggle(alice, { briefId: brief.id, index: 0, expectedText: "Row A", checked: false });

    expect(result.brief.versionNum).toBe(3);
    expect(result.brief.content.testingQaChecklist![0]).toEqual({ text: "Row A", checked: false, addedBy: "Alice" });
    expect(result.brief.content.checklist).toEqual(result.brief.content.testingQaChecklist);
  });

  it("setting a row to the value it has succeeds without a version and keeps the attribution", async () => {
    const brief = await newBrief(alice, projectId, rows());
    for (const [index, expectedText, checked] of [[2, "Row C", true], [0, "Row A", false]] as const) {
      const { result, replayed } = await toggle(qa, { briefId: brief.id, index, expectedText, checked, ifVersionNum: 1 });
      expect(replayed).toBe(false);
      expect(result.brief).toEqual({ ...brief, createdNewVersion: false });
    }
    expect((await traverse(alice, brief.id, "versions")).items).toHaveLength(1);
  });

  it("refuses a stale ifVersionNum with the current version, changing nothing", async () => {
    const brief = await newBrief(alice, projectId, rows());
    const v2 = (await toggle(qa, { briefId: brief.id, index: 0, expectedText: "Row A", checked: true })).result.brief;

    await expectRefusedWithoutChange(alice, brief.id, () => toggle(qa, { briefId: brief.id, index: 1, expectedText: "Row B", checked: true, ifVersionNum: 1 }), {
      code: "BRIEF_VERSION_CONFLICT",
      details: { reason: "VERSION_MISMATCH", currentVersionNum: 2, currentVersionHash: v2.currentVersionHash },
    });
  });

  it("refuses an index past the end with the checklist's length", async () => {
    const brief = await newBrief(alice, projectId, rows());
    await expectRefusedWithoutChange(alice, brief.id, () => toggle(qa, { briefId: brief.id, index: 3, expectedText: "Row D", checked: true }), {
      code: "BRIEF_VERSION_CONFLICT",
      details: { reason: "INDEX_OUT_OF_RANGE", checklistLength: 3, currentVersionNum: 1, currentVersionHash: brief.currentVersionHash },
    });
    const noList = await newBrief(alice, projectId, { goal: "no checklist" });
    await expectRefusedWithoutChange(alice, noList.id, () => toggle(qa, { briefId: noList.id, index: 0, expectedText: "Row", checked: true }), {
      code: "BRIEF_VERSION_CONFLICT",
      details: { reason: "INDEX_OUT_OF_RANGE", checklistLength: 0, currentVersionNum: 1, currentVersionHash: noList.currentVersionHash },
    });
  });

  it("refuses a row whose text changed, returning the whole current row", async () => {
    const brief = await newBrief(alice, projectId, rows());
    await expectRefusedWithoutChange(alice, brief.id, () => toggle(qa, { briefId: brief.id, index: 2, expectedText: "Row B", checked: false }), {
      code: "BRIEF_VERSION_CONFLICT",
      details: {
        reason: "CHECKLIST_TEXT_MISMATCH",
        currentItem: { text: "Row C", checked: true, addedBy: "Alice", checkedBy: "Alice", checkedAt: expect.stringMatching(RFC3339_UTC) },
        currentVersionNum: 1,
        currentVersionHash: brief.currentVersionHash,
      },
    });
  });

  it("checks in the contract's order: schema, access, state, version, index, text", async () => {
    const brief = await newBrief(alice, projectId, rows());
    const stranger = await newUser("Stranger");
    const closed = await briefInState(alice, projectId, "closed", rows());
    const conflict = (reason: string) => ({ code: "BRIEF_VERSION_CONFLICT", details: { reason } });

    // Version before index, index before text.
    await expect(toggle(qa, { briefId: brief.id, index: 9, expectedText: "nope", checked: true, ifVersionNum: 7 })).rejects.toMatchObject(conflict("VERSION_MISMATCH"));
    await expect(toggle(qa, { briefId: brief.id, index: 9, expectedText: "nope", checked: true })).rejects.toMatchObject(conflict("INDEX_OUT_OF_RANGE"));
    await expect(toggle(qa, { briefId: brief.id, index: 0, expectedText: "nope", checked: true, ifVersionNum: 1 })).rejects.toMatchObject(conflict("CHECKLIST_TEXT_MISMATCH"));
    // State before version.
    await expect(toggle(qa, { briefId: closed.id, index: 9, expectedText: "nope", checked: true, ifVersionNum: 7 })).rejects.toMatchObject({
      code: "BRIEF_STATE_CONFLICT",
      details: { state: "closed", allowedTransitions: [], reason: "BRIEF_READ_ONLY" },
    });
    // Access before state.
    await expect(toggle(stranger, { briefId: closed.id, index: 0, expectedText: "Row A", checked: true })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    // Argument schema before access.
    for (const bad of [{ index: -1 }, { index: 0.5 }, { expectedText: "" }, { ifVersionNum: 0 }, { expectedText: "a\u0000" }]) {
      await expect(
        updateChecklistItem(stranger, { briefId: closed.id, index: 0, expectedText: "Row A", checked: true, idempotencyKey: uniqueKey(), ...bad }),
      ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    }
    await expect(
      updateChecklistItem(qa, { briefId: brief.id, index: 0, expectedText: "Row A", checked: true, idempotencyKey: "" }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR", details: { issues: [expect.objectContaining({ path: "idempotencyKey" })] } });
    await expect(
      updateChecklistItem(qa, { briefId: brief.id, index: 0, expectedText: "Row A", checked: true, idempotencyKey: "k".repeat(256) }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect((await readBrief(alice, brief.id)).brief.versionNum).toBe(1);
  });

  it("accepts the longest idempotency key and an expectedText longer than any row", async () => {
    const brief = await newBrief(alice, projectId, rows());
    const { result } = await toggle(qa, { briefId: brief.id, index: 0, expectedText: "Row A", checked: true, idempotencyKey: "k".repeat(255) });
    expect(result.brief.versionNum).toBe(2);
    await expect(toggle(qa, { briefId: brief.id, index: 0, expectedText: "x".repeat(262_144), checked: true })).rejects.toMatchObject({
      code: "BRIEF_VERSION_CONFLICT",
      details: { reason: "CHECKLIST_TEXT_MISMATCH" },
    });
    await expect(toggle(qa, { briefId: brief.id, index: 0, expectedText: "x".repeat(262_145), checked: true })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
  });

  it("touches nothing but the row: other sections and unknown keys are kept byte for byte", async () => {
    const content = readyContent({ "x-meta": { a: [1, { b: null }] }, _draft: { goal: "draft" } });
    const brief = await newBrief(alice, projectId, content);
    const { result } = await toggle(qa, { briefId: brief.id, index: 1, expectedText: "PDF renders", checked: true });
    const sections = ["testingQaChecklist", "checklist"];
    expect(omit(result.brief.content, sections)).toEqual(omit(brief.content, sections));
    expect(result.brief.content.testingQaChecklist![0]).toEqual(brief.content.testingQaChecklist![0]);
  });
});
