import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import {
  allowedTransitions,
  automaticStateAfterWrite,
  checkTransitionGuard,
  isChecklistComplete,
  isReadOnlyState,
  stateConflictError,
  type TransitionContext,
} from "./lifecycle";
import { briefStates, type BriefContent, type BriefState } from "./schema";

const ready: BriefContent = {
  requirements: ["R1"],
  acceptanceCriteria: [{ id: "AC-1", text: "Works" }],
  testingQaChecklist: [{ text: "A", checked: true }],
};
// A context in which every guard passes, so each test varies one thing.
const passing: TransitionContext = {
  content: ready,
  hasLiveApprovalOfCurrentApprovalHash: true,
  reason: "Done",
  successorBriefId: null,
};

// docs/contract.md#transitions in its own terms, not as the code's table: the named moves, and any
// open state to either final one.
const namedMoves = ["drafting → in_review", "in_review → drafting", "in_review → baselined", "baselined → in_development", "in_development → checked"];
const finalStates: BriefState[] = ["superseded", "closed"];
const contractAllows = (from: BriefState, to: BriefState) =>
  !finalStates.includes(from) && (finalStates.includes(to) || namedMoves.includes(`${from} → ${to}`));
const movesFrom = (from: BriefState) => briefStates.filter((to) => contractAllows(from, to));

describe("allowedTransitions and isReadOnlyState", () => {
  it.each(briefStates)("%s", (state) => {
    expect(allowedTransitions(state)).toEqual(movesFrom(state));
    expect(isReadOnlyState(state)).toBe(finalStates.includes(state));
  });

  it("returns a copy callers cannot corrupt", () => {
    allowedTransitions("drafting").push("checked");
    expect(allowedTransitions("drafting")).toEqual(movesFrom("drafting"));
  });
});

describe("checkTransitionGuard: which moves exist", () => {
  const pairs = briefStates.flatMap((from) => briefStates.map((to) => [from, to] as const));

  it.each(pairs)("%s → %s", (from, to) => {
    const expected = finalStates.includes(from) ? "BRIEF_READ_ONLY" : contractAllows(from, to) ? null : "TRANSITION_NOT_ALLOWED";
    expect(checkTransitionGuard(from, to, passing)).toBe(expected);
  });
});

describe("checkTransitionGuard: guards", () => {
  it("drafting → in_review needs a requirement and an acceptance criterion", () => {
    const guard = (content: BriefContent) => checkTransitionGuard("drafting", "in_review", { ...passing, content });
    expect(guard({ acceptanceCriteria: ready.acceptanceCriteria })).toBe("NO_REQUIREMENTS");
    expect(guard({ requirements: [], acceptanceCriteria: ready.acceptanceCriteria })).toBe("NO_REQUIREMENTS");
    expect(guard({ requirements: ["R1"] })).toBe("NO_ACCEPTANCE_CRITERIA");
    expect(guard({ requirements: ["R1"], acceptanceCriteria: [] })).toBe("NO_ACCEPTANCE_CRITERIA");
    expect(guard({ requirements: ["R1"], acceptanceCriteria: ready.acceptanceCriteria })).toBeNull();
  });

  it("in_review → baselined needs a live approval of the current approval hash", () => {
    expect(checkTransitionGuard("in_review", "baselined", { ...passing, hasLiveApprovalOfCurrentApprovalHash: false })).toBe(
      "NO_LIVE_APPROVAL",
    );
    expect(checkTransitionGuard("in_review", "baselined", passing)).toBeNull();
  });

  it("in_review → drafting and baselined → in_development have no guard", () => {
    const nothing: TransitionContext = { content: {}, hasLiveApprovalOfCurrentApprovalHash: false };
    expect(checkTransitionGuard("in_review", "drafting", nothing)).toBeNull();
    expect(checkTransitionGuard("baselined", "in_development", nothing)).toBeNull();
  });

  it("in_development → checked needs a non-empty checklist, every row checked", () => {
    const guard = (content: BriefContent) => checkTransitionGuard("in_development", "checked", { ...passing, content });
    expect(guard({})).toBe("CHECKLIST_EMPTY");
    expect(guard({ testingQaChecklist: [] })).toBe("CHECKLIST_EMPTY");
    expect(guard({ testingQaChecklist: [{ text: "A", checked: true }, { text: "B", checked: false }] })).toBe(
      "CHECKLIST_INCOMPLETE",
    );
    expect(guard({ testingQaChecklist: [{ text: "A", checked: true }, { text: "B", checked: true }] })).toBeNull();
  });

  it.each(["drafting", "in_review", "baselined", "in_development", "checked"] as const)(
    "%s → closed needs a non-blank reason",
    (from) => {
      expect(checkTransitionGuard(from, "closed", { ...passing, reason: undefined })).toBe("REASON_REQUIRED");
      expect(checkTransitionGuard(from, "closed", { ...passing, reason: null })).toBe("REASON_REQUIRED");
      expect(checkTransitionGuard(from, "closed", { ...passing, reason: "  \n" })).toBe("REASON_REQUIRED");
      expect(checkTransitionGuard(from, "closed", { ...passing, reason: "Dropped" })).toBeNull();
    },
  );

  it.each(["drafting", "in_review", "baselined", "in_development", "checked"] as const)(
    "%s → superseded takes an optional successor of the same project",
    (from) => {
      expect(checkTransitionGuard(from, "superseded", { ...passing, successorBriefId: undefined })).toBeNull();
      expect(checkTransitionGuard(from, "superseded", { ...passing, successorBriefId: "b2" })).toBe(
        "SUCCESSOR_NOT_IN_PROJECT",
      );
      expect(
        checkTransitionGuard(from, "superseded", { ...passing, successorBriefId: "b2", successorInSameProject: false }),
      ).toBe("SUCCESSOR_NOT_IN_PROJECT");
      expect(
        checkTransitionGuard(from, "superseded", { ...passing, successorBriefId: "b2", successorInSameProject: true }),
      ).toBeNull();
    },
  );
});

describe("automaticStateAfterWrite", () => {
  const after = (state: BriefState, approvalHashChanged: boolean, checklistRowUnchecked: boolean) =>
    automaticStateAfterWrite(state, { approvalHashChanged, checklistRowUnchecked });

  it.each(["baselined", "in_development", "checked"] as const)("%s returns to review when the approval hash changes", (state) => {
    expect(after(state, true, false)).toBe("in_review");
    expect(after(state, true, true)).toBe("in_review");
  });

  it("moves checked back to in_development when a row is unchecked", () => {
    expect(after("checked", false, true)).toBe("in_development");
  });

  it.each(briefStates)("leaves %s alone when neither happened", (state) => {
    expect(after(state, false, false)).toBe(state);
  });

  it.each(["drafting", "in_review", "superseded", "closed"] as const)("never moves %s", (state) => {
    expect(after(state, true, true)).toBe(state);
  });

  it("an unchecked row only matters in checked", () => {
    expect(after("in_development", false, true)).toBe("in_development");
    expect(after("baselined", false, true)).toBe("baselined");
  });
});

describe("isChecklistComplete", () => {
  it("needs at least one row, all checked", () => {
    expect(isChecklistComplete({})).toBe(false);
    expect(isChecklistComplete({ testingQaChecklist: [] })).toBe(false);
    expect(isChecklistComplete({ testingQaChecklist: [{ text: "A", checked: false }] })).toBe(false);
    expect(isChecklistComplete({ testingQaChecklist: [{ text: "A", checked: true }] })).toBe(true);
  });
});

describe("stateConflictError", () => {
  it("carries state, allowed transitions and reason", () => {
    const error = stateConflictError("in_review", "NO_LIVE_APPROVAL");
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe("BRIEF_STATE_CONFLICT");
    expect(error.details).toEqual({
      state: "in_review",
      allowedTransitions: ["drafting", "baselined", "superseded", "closed"],
      reason: "NO_LIVE_APPROVAL",
    });
    expect(error.message).toMatch(/approval/);
  });

  it("lists no transitions for a read-only brief", () => {
    expect(stateConflictError("closed", "BRIEF_READ_ONLY").details).toMatchObject({ allowedTransitions: [] });
  });
});
