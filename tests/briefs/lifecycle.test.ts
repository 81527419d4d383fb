import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import type { BriefState } from "@/lib/briefs/schema";
import { newProject, ownerAndEditor } from "../support/fixtures";
import {
  append,
  approve,
  briefInState,
  checkAllRows,
  expectRefusedWithoutChange,
  newBrief,
  omit,
  readBrief,
  readVersion,
  readyContent,
  RFC3339_UTC,
  toggle,
  transition,
  traverse,
  update,
} from "../support/briefs";

const stateConflict = (state: BriefState, reason: string, allowedTransitions?: BriefState[]) => ({
  code: "BRIEF_STATE_CONFLICT",
  details: { state, reason, ...(allowedTransitions && { allowedTransitions }) },
});

describe(`brief lifecycle on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ alice, bob, projectId } = await ownerAndEditor());
  });

  it("walks drafting → in_review → baselined → in_development → checked with each move's effects", async () => {
    const brief = await newBrief(alice, projectId, readyContent());

    const inReview = (await transition(alice, { briefId: brief.id, to: "in_review" })).result.brief;
    expect(inReview).toEqual({ ...brief, state: "in_review", createdNewVersion: false });
    let sessions = (await readBrief(alice, brief.id)).collections.reviewSessions.items;
    expect(sessions).toEqual([
      expect.objectContaining({ status: "open", openedAtVersionNum: 1, openedBy: "Alice", from: "drafting", createdAt: expect.stringMatching(RFC3339_UTC) }),
    ]);

    await approve(bob, { briefId: brief.id });
    const baselined = (await transition(alice, { briefId: brief.id, to: "baselined" })).result.brief;
    expect(baselined).toMatchObject({ state: "baselined", versionNum: 1, createdNewVersion: false });
    const full = await readBrief(alice, brief.id);
    expect(full.collections.reviewSessions.items).toEqual([
      expect.objectContaining({ id: sessions[0].id, status: "closed", outcome: "baselined", closedAtVersionNum: 1 }),
    ]);
    expect(full.collections.versions.items).toEqual([expect.objectContaining({ versionNum: 1, baseline: true })]);
    expect((await readVersion(alice, brief.id, 1)).baseline).toBe(true);

    expect((await transition(bob, { briefId: brief.id, to: "in_development" })).result.brief.state).toBe("in_development");
    await expect(transition(bob, { briefId: brief.id, to: "checked" })).rejects.toMatchObject(stateConflict("in_development", "CHECKLIST_INCOMPLETE"));
    await checkAllRows(bob, brief.id);
    const checked = (await transition(bob, { briefId: brief.id, to: "checked" })).result.brief;
    expect(checked).toMatchObject({ state: "checked", versionNum: 3 });

    // Transitions never minted a version: only the two ticks did.
    const versions = (await traverse(alice, brief.id, "versions")).items;
    expect(versions.map((v) => [v.versionNum, v.baseline ?? false])).toEqual([[3, false], [2, false], [1, true]]);
    sessions = (await traverse(alice, brief.id, "reviewSessions")).items;
    expect(sessions).toHaveLength(1);
  });

  it("sends a brief back from review to drafting and closes its review session", async () => {
    const brief = await briefInState(alice, projectId, "in_review");
    const { result } = await transition(bob, { briefId: brief.id, to: "drafting" });
    expect(result.brief.state).toBe("drafting");
    expect((await readBrief(alice, brief.id)).collections.reviewSessions.items).toEqual([
      expect.objectContaining({ status: "closed", outcome: "moved to drafting", closedBy: "Bob" }),
    ]);
    // A second round opens a second session.
    await transition(bob, { briefId: brief.id, to: "in_review" });
    const sessions = (await readBrief(alice, brief.id)).collections.reviewSessions.items;
    expect(sessions.map((s) => s.status)).toEqual(["open", "closed"]);
  });

  describe("guards", () => {
    it("needs a requirement and an acceptance criterion for review", async () => {
      const noRequirements = await newBrief(alice, projectId, readyContent({ requirements: [] }));
      await expectRefusedWithoutChange(alice, noRequirements.id, () => transition(alice, { briefId: noRequirements.id, to: "in_review" }), stateConflict("drafting", "NO_REQUIREMENTS", ["in_review", "superseded", "closed"]));
      const noCriteria = await newBrief(alice, projectId, { requirements: ["R1"] });
      await expectRefusedWithoutChange(alice, noCriteria.id, () => transition(alice, { briefId: noCriteria.id, to: "in_review" }), stateConflict("drafting", "NO_ACCEPTANCE_CRITERIA"));
    });

    it("needs a live approval of the current requirements to baseline", async () => {
      const brief = await briefInState(alice, projectId, "in_review");
      await expectRefusedWithoutChange(alice, brief.id, () => transition(alice, { briefId: brief.id, to: "baselined" }), stateConflict("in_review", "NO_LIVE_APPROVAL", ["drafting", "baselined", "superseded", "closed"]));
      await approve(bob, { briefId: brief.id });
      await update(alice, { briefId: brief.id, content: readyContent({ requirements: ["Export as CSV only"] }) });
      // Bob's approval was of the old requirements.
      await expectRefusedWithoutChange(alice, brief.id, () => transition(alice, { briefId: brief.id, to: "baselined" }), stateConflict("in_review", "NO_LIVE_APPROVAL"));
    });

    it("needs a non-empty checklist, every row ticked, to mark checked", async () => {
      const empty = await briefInState(alice, projectId, "in_development", readyContent({ testingQaChecklist: [] }));
      await expectRefusedWithoutChange(alice, empty.id, () => transition(alice, { briefId: empty.id, to: "checked" }), stateConflict("in_development", "CHECKLIST_EMPTY"));
      const partly = await briefInState(alice, projectId, "in_development");
      await toggle(alice, { briefId: partly.id, index: 0, expectedText: "CSV opens in a spreadsheet", checked: true });
      await expectRefusedWithoutChange(alice, partly.id, () => transition(alice, { briefId: partly.id, to: "checked" }), stateConflict("in_development", "CHECKLIST_INCOMPLETE"));
    });

    it("refuses moves the table does not have", async () => {
      const drafting = await newBrief(alice, projectId, readyContent());
      for (const to of ["drafting", "baselined", "in_development", "checked"] as const) {
        await expectRefusedWithoutChange(alice, drafting.id, () => transition(alice, { briefId: drafting.id, to }), stateConflict("drafting", "TRANSITION_NOT_ALLOWED", ["in_review", "superseded", "closed"]));
      }
      const baselined = await briefInState(alice, projectId, "baselined");
      await expectRefusedWithoutChange(alice, baselined.id, () => transition(alice, { briefId: baselined.id, to: "in_review" }), stateConflict("baselined", "TRANSITION_NOT_ALLOWED", ["in_development", "superseded", "closed"]));
    });

    it("needs a reason to close, and a successor of the same project to supersede", async () => {
      const brief = await newBrief(alice, projectId, readyContent());
      await expectRefusedWithoutChange(alice, brief.id, () => transition(alice, { briefId: brief.id, to: "closed" }), stateConflict("drafting", "REASON_REQUIRED"));
      await expectRefusedWithoutChange(alice, brief.id, () => transition(alice, { briefId: brief.id, to: "closed", reason: "   " }), stateConflict("drafting", "REASON_REQUIRED"));

      const elsewhere = await newBrief(alice, await newProject(alice), readyContent());
      for (const successorBriefId of [elsewhere.id, brief.id, "no-such-brief"]) {
        await expectRefusedWithoutChange(alice, brief.id, () => transition(alice, { briefId: brief.id, to: "superseded", successorBriefId }), stateConflict("drafting", "SUCCESSOR_NOT_IN_PROJECT"));
      }
    });

    it("checks the state before the version", async () => {
      const brief = await newBrief(alice, projectId, readyContent({ requirements: [] }));
      await expect(transition(alice, { briefId: brief.id, to: "in_review", ifVersionNum: 5 })).rejects.toMatchObject(stateConflict("drafting", "NO_REQUIREMENTS"));
      const ready = await newBrief(alice, projectId, readyContent());
      await expectRefusedWithoutChange(alice, ready.id, () => transition(alice, { briefId: ready.id, to: "in_review", ifVersionNum: 5 }), {
        code: "BRIEF_VERSION_CONFLICT",
        details: { reason: "VERSION_MISMATCH", currentVersionNum: 1, currentVersionHash: ready.currentVersionHash },
      });
      expect((await transition(alice, { briefId: ready.id, to: "in_review", ifVersionNum: 1 })).result.brief.state).toBe("in_review");
    });
  });

  describe("automatic moves", () => {
    it.each(["baselined", "in_development", "checked"] as const)(
      "a requirement edit in %s sends the brief back to review, stales approvals and opens a review session",
      async (state) => {
        const brief = await briefInState(alice, projectId, state);
        const content = { ...brief.content, requirements: ["Export as CSV", "Export as PDF", "Export as XLSX"] };

        const { result } = await update(bob, { briefId: brief.id, content });

        expect(result.brief).toMatchObject({ state: "in_review", createdNewVersion: true, staledApprovals: 1, versionNum: brief.versionNum + 1 });
        const full = await readBrief(alice, brief.id);
        expect(full.brief.state).toBe("in_review");
        expect(full.collections.approvals.items).toEqual([
          expect.objectContaining({ stale: true, staledAtVersionNum: brief.versionNum + 1 }),
        ]);
        const [opened, earlier] = full.collections.reviewSessions.items;
        expect(opened).toMatchObject({ status: "open", openedAtVersionNum: brief.versionNum + 1, openedBy: "Bob", from: state });
        expect(earlier).toMatchObject({ status: "closed", outcome: "baselined" });
        // Baselining again needs a fresh approval.
        await expect(transition(alice, { briefId: brief.id, to: "baselined" })).rejects.toMatchObject(stateConflict("in_review", "NO_LIVE_APPROVAL"));
        await approve(bob, { briefId: brief.id });
        expect((await transition(alice, { briefId: brief.id, to: "baselined" })).result.brief.state).toBe("baselined");
      },
    );

    it.each(["baselined", "in_development"] as const)("QA work and drafts in %s leave the state and approvals alone", async (state) => {
      const brief = await briefInState(alice, projectId, state);
      await toggle(bob, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", checked: true });
      const edited = {
        ...omit((await readBrief(alice, brief.id)).brief.content, ["checklist"]),
        testingQaChecklist: [{ text: "CSV opens in a spreadsheet", checked: true }, { text: "A new QA row", checked: false }],
        _draft: { goal: "Maybe also credit notes" },
      };
      const { result } = await update(bob, { briefId: brief.id, content: edited });
      expect(result.brief).toMatchObject({ state, staledApprovals: 0, createdNewVersion: true });
      const full = await readBrief(alice, brief.id);
      expect(full.collections.approvals.items).toEqual([expect.objectContaining({ stale: false })]);
      expect(full.collections.reviewSessions.items).toHaveLength(1);
    });

    it("unticking a row of a checked brief sends it back to development", async () => {
      const brief = await briefInState(alice, projectId, "checked");
      const { result } = await toggle(bob, { briefId: brief.id, index: 1, expectedText: "PDF renders", checked: false });
      expect(result.brief).toMatchObject({ state: "in_development", createdNewVersion: true, staledApprovals: 0 });
      await toggle(bob, { briefId: brief.id, index: 1, expectedText: "PDF renders", checked: true });
      expect((await readBrief(alice, brief.id)).brief.state).toBe("in_development");
      expect((await transition(bob, { briefId: brief.id, to: "checked" })).result.brief.state).toBe("checked");
    });

    it("adding an unticked row to a checked brief sends it back to development", async () => {
      const brief = await briefInState(alice, projectId, "checked");
      // Sent without the mirror: a client that changes the list sends it under one name.
      const content = { ...omit(brief.content, ["checklist"]), testingQaChecklist: [...brief.content.testingQaChecklist!, { text: "Also test XLSX", checked: false }] };
      const { result } = await update(bob, { briefId: brief.id, content });
      expect(result.brief.state).toBe("in_development");
    });

    it("a requirement edit while drafting or in review keeps the state", async () => {
      for (const state of ["drafting", "in_review"] as const) {
        const brief = await briefInState(alice, projectId, state);
        const { result } = await update(bob, { briefId: brief.id, content: { ...brief.content, requirements: ["Changed"] } });
        expect(result.brief.state).toBe(state);
      }
    });
  });

  describe("superseded and closed briefs are read-only", () => {
    it.each(["drafting", "in_review", "baselined", "in_development", "checked"] as const)("%s can be closed with a reason", async (state) => {
      const brief = await briefInState(alice, projectId, state);
      const { result } = await transition(bob, { briefId: brief.id, to: "closed", reason: "Customer dropped the request" });
      expect(result.brief).toMatchObject({ state: "closed", versionNum: brief.versionNum, createdNewVersion: false });
      const full = await readBrief(alice, brief.id);
      expect(full.lifecycle).toMatchObject({ stateReason: "Customer dropped the request", successorBriefId: null });
      expect(full.collections.reviewSessions.items.every((s) => s.status === "closed")).toBe(true);
    });

    it.each(["superseded", "closed"] as const)("every write to a %s brief is a state conflict that changes nothing", async (state) => {
      const successor = await newBrief(alice, projectId, readyContent(), "Successor");
      const brief = await briefInState(alice, projectId, "in_review");
      await transition(alice, { briefId: brief.id, to: state, ...(state === "closed" ? { reason: "Done" } : { successorBriefId: successor.id }) });
      const full = await readBrief(bob, brief.id);
      expect(full.brief.state).toBe(state);
      if (state === "superseded") expect(full.lifecycle.successorBriefId).toBe(successor.id);
      expect(full.collections.reviewSessions.items).toEqual([expect.objectContaining({ status: "closed", outcome: `moved to ${state}` })]);

      const refusal = stateConflict(state, "BRIEF_READ_ONLY", []);
      const writes = [
        () => update(bob, { briefId: brief.id, content: { goal: "late edit" } }),
        () => update(bob, { briefId: brief.id, title: "Renamed" }),
        () => toggle(bob, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", checked: true }),
        () => approve(bob, { briefId: brief.id }),
        () => append(bob, { briefId: brief.id, collection: "comments", item: { body: "too late" } }),
        ...(["drafting", "in_review", "closed", "superseded"] as const).map((to) => () => transition(bob, { briefId: brief.id, to, reason: "again" })),
      ];
      for (const write of writes) await expectRefusedWithoutChange(bob, brief.id, write, refusal);
    });

    it("supersedes without a successor too", async () => {
      const brief = await newBrief(alice, projectId, readyContent());
      const { result } = await transition(alice, { briefId: brief.id, to: "superseded" });
      expect(result.brief.state).toBe("superseded");
    });
  });
});
