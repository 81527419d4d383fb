import { describe, expect, it } from "vitest";
import type { BriefContent } from "@/lib/briefs/schema";
import type { BriefFull } from "../brief-data";
import { contentFingerprint, modelFromContent, type FormModel } from "../form-model";
import { changedElsewhere, draftReducer, followData, initialDraftState, latestOf, shownTitleOf, theirsOf, type DraftState } from "./draft-state";
import { saveOutcome } from "./save-outcome";

/** Page data as the server sends it; only what the draft rules read. */
function pageData(versionNum: number, title: string, content: BriefContent, updatedAt = `2026-01-01T00:00:0${versionNum}.000Z`): BriefFull {
  return { brief: { versionNum, title, content }, lifecycle: { updatedAt } } as unknown as BriefFull;
}

const v1 = pageData(1, "Checkout", { goal: "Pay", testingQaChecklist: [{ text: "Try it", checked: false }] } as BriefContent);

function edit(state: DraftState, change: (model: FormModel) => FormModel): DraftState {
  return draftReducer(state, { type: "edited", model: change(state.draft) });
}

function isDirty(state: DraftState): boolean {
  const { base, draft } = state;
  return draft.title !== base.title || contentFingerprint(draft, base.content) !== contentFingerprint(modelFromContent(base.title, base.content, "b"), base.content);
}

const withGoal = (goal: string) => (m: FormModel): FormModel => ({ ...m, sections: { ...m.sections, goal } });

describe("the draft follows the page data while untouched", () => {
  it("replaces an untouched draft with a newer version", () => {
    const state = initialDraftState(v1);
    const v2 = pageData(2, "Checkout", { goal: "Pay by card" } as BriefContent);
    expect(followData(v2, state.base, isDirty(state))).toBe("replace");
    const next = draftReducer(state, { type: "dataFollowed", data: v2, how: "replace" });
    expect(next.base.versionNum).toBe(2);
    expect(next.draft.sections.goal).toBe("Pay by card");
  });

  it("keeps unsaved edits when a newer version arrives, and says the brief changed elsewhere", () => {
    const state = edit(initialDraftState(v1), withGoal("My goal"));
    const v2 = pageData(2, "Checkout", { goal: "Their goal" } as BriefContent);
    expect(followData(v2, state.base, isDirty(state))).toBe("stay");
    expect(changedElsewhere(v2, state.base, true)).toBe(true);
    expect(changedElsewhere(v1, state.base, true)).toBe(false);
  });

  it("only moves the base along when the same version changed its update time (a lifecycle move)", () => {
    const state = edit(initialDraftState(v1), withGoal("My goal"));
    const moved = pageData(1, "Checkout", v1.brief.content, "2026-02-02T00:00:00.000Z");
    expect(followData(moved, state.base, true)).toBe("rebase");
    const next = draftReducer(state, { type: "dataFollowed", data: moved, how: "rebase" });
    expect(next.draft).toBe(state.draft);
    expect(next.base.updatedAt).toBe("2026-02-02T00:00:00.000Z");
  });

  it("never lets older page data overwrite a version this page just wrote", () => {
    const saved = draftReducer(initialDraftState(v1), { type: "saveAnswered", outcome: saveOutcome({ ok: true, data: { versionNum: 2, title: "Checkout v2", content: v1.brief.content, createdNewVersion: true, staledApprovals: 0 } }), startedFrom: initialDraftState(v1).draft });
    expect(followData(v1, saved.base, false)).toBe("stay");
    expect(latestOf(v1, saved.base).versionNum).toBe(2);
    expect(shownTitleOf(v1, saved.base)).toBe("Checkout v2");
    // Once the page data catches up, the page shows the server's again.
    const caughtUp = pageData(2, "Checkout v2", v1.brief.content);
    expect(followData(caughtUp, saved.base, false)).toBe("rebase");
  });
});

describe("saving", () => {
  it("keeps what was typed while the save was under way, and shows the stored document otherwise", () => {
    const typed = edit(initialDraftState(v1), withGoal("Saved goal"));
    const answer = saveOutcome({ ok: true, data: { versionNum: 2, title: "Checkout", content: { goal: "Saved goal" } as BriefContent, createdNewVersion: true, staledApprovals: 1 } });
    const untouched = draftReducer(draftReducer(typed, { type: "saveStarted" }), { type: "saveAnswered", outcome: answer, startedFrom: typed.draft });
    expect(untouched.draft.sections.goal).toBe("Saved goal");
    expect(untouched.saveMessage).toEqual({ tone: "success", text: "Saved as version 2. 1 approval(s) are now stale.", versionNum: 2 });
    expect(untouched.saving).toBe(false);

    const typedMeanwhile = edit(draftReducer(typed, { type: "saveStarted" }), withGoal("Saved goal, and more"));
    const kept = draftReducer(typedMeanwhile, { type: "saveAnswered", outcome: answer, startedFrom: typed.draft });
    expect(kept.draft.sections.goal).toBe("Saved goal, and more");
    expect(kept.base.versionNum).toBe(2);
  });

  it("a reviewer's sent suggestion starts the form again from the base, keeping what was typed meanwhile", () => {
    const typed = edit(initialDraftState(v1), withGoal("Suggested goal"));
    const sent = draftReducer(draftReducer(typed, { type: "saveStarted" }), { type: "proposalSent", text: "Sent as a proposal (Goal) for an editor to accept.", startedFrom: typed.draft });
    expect(sent.draft.sections.goal).toBe("Pay");
    expect(isDirty(sent)).toBe(false);
    expect(sent.saveMessage).toEqual({ tone: "success", text: "Sent as a proposal (Goal) for an editor to accept.", versionNum: 1 });

    const typedMeanwhile = edit(draftReducer(typed, { type: "saveStarted" }), withGoal("Suggested goal, and more"));
    const kept = draftReducer(typedMeanwhile, { type: "proposalSent", text: "Sent.", startedFrom: typed.draft });
    expect(kept.draft.sections.goal).toBe("Suggested goal, and more");
    expect(kept.saving).toBe(false);
  });

  it("on a conflict keeps the draft and opens the review; their version shows once the page data has it", () => {
    const typed = edit(initialDraftState(v1), withGoal("Mine"));
    const refused = saveOutcome({ ok: false, error: { code: "BRIEF_VERSION_CONFLICT", message: "x", details: { currentVersionNum: 3 } } });
    const state = draftReducer(typed, { type: "saveAnswered", outcome: refused, startedFrom: typed.draft });
    expect(state.draft).toBe(typed.draft);
    expect(state.conflict).toEqual({ currentVersionNum: 3 });
    expect(state.reviewOpen).toBe(true);
    expect(theirsOf(v1, state.conflict)).toBeNull();
    expect(theirsOf(pageData(3, "Theirs", {} as BriefContent), state.conflict)?.title).toBe("Theirs");

    const reloaded = draftReducer(state, { type: "reloadedTheirs", data: pageData(3, "Theirs", { goal: "Theirs" } as BriefContent) });
    expect(reloaded).toMatchObject({ conflict: null, reviewOpen: false, base: { versionNum: 3 } });
    expect(reloaded.draft.sections.goal).toBe("Theirs");
  });

  it("marks the fields the server refused and shows all errors; a lost answer keeps everything", () => {
    const typed = edit(initialDraftState(v1), withGoal("x"));
    const invalid = saveOutcome({ ok: false, error: { code: "VALIDATION_ERROR", message: "x", details: { issues: [{ path: "content.goal", message: "Bad." }] } } });
    const marked = draftReducer(typed, { type: "saveAnswered", outcome: invalid, startedFrom: typed.draft });
    expect(marked).toMatchObject({ showAllErrors: true, serverIssues: [{ path: "content.goal", message: "Bad." }] });
    expect(edit(marked, withGoal("y")).serverIssues).toEqual([]);

    const lost = draftReducer(typed, { type: "saveAnswered", outcome: saveOutcome(null), startedFrom: typed.draft });
    expect(lost.draft).toBe(typed.draft);
    expect(lost.saveMessage?.text).toMatch(/could not be reached/);
  });

  it("discards back to the base after asking", () => {
    const typed = edit(initialDraftState(v1), withGoal("Oops"));
    const asked = draftReducer(typed, { type: "discardAsked" });
    expect(asked.confirmDiscard).toBe(true);
    expect(edit(asked, withGoal("Oops!")).confirmDiscard).toBe(false);
    const discarded = draftReducer(asked, { type: "discarded" });
    expect(discarded.draft.sections.goal).toBe("Pay");
    expect(discarded.confirmDiscard).toBe(false);
  });
});

describe("a tick while editing", () => {
  const tick = { text: "Try it", checked: true, checkedBy: "Quinn", checkedAt: "2026-01-02T00:00:00.000Z" };
  const written = (versionNum: number) => ({ versionNum, title: "Checkout", content: { goal: "Pay", testingQaChecklist: [tick] } as BriefContent, createdNewVersion: true });

  it("is carried into the draft when it is the only change since the base, so the next save does not conflict", () => {
    const typed = edit(initialDraftState(v1), withGoal("Typed before the tick"));
    const next = draftReducer(typed, { type: "tickStored", brief: written(2), index: 0, row: tick });
    expect(next.base.versionNum).toBe(2);
    expect(next.draft.sections.goal).toBe("Typed before the tick");
    expect(next.draft.sections.testingQaChecklist?.[0].value).toMatchObject({ checked: true, checkedBy: "Quinn" });
  });

  it("is left to the page data when other versions came in between", () => {
    const state = initialDraftState(v1);
    expect(draftReducer(state, { type: "tickStored", brief: written(3), index: 0, row: tick })).toBe(state);
  });
});
