import { DomainError } from "../errors";
import type { BriefContent, BriefState } from "./schema";

/**
 * The brief lifecycle (docs/contract.md#lifecycle) as data and pure functions. The services own the effects
 * (review sessions, baseline marks, stale approvals); this file only says what may happen.
 */

const readOnlyStates: readonly BriefState[] = ["superseded", "closed"];

/** Transitions a caller may ask for. Automatic moves are in automaticStateAfterWrite. */
const manualTransitions: Record<BriefState, readonly BriefState[]> = {
  drafting: ["in_review", "superseded", "closed"],
  in_review: ["drafting", "baselined", "superseded", "closed"],
  baselined: ["in_development", "superseded", "closed"],
  in_development: ["checked", "superseded", "closed"],
  checked: ["superseded", "closed"],
  superseded: [],
  closed: [],
};

export function isReadOnlyState(state: BriefState): boolean {
  return readOnlyStates.includes(state);
}

export function allowedTransitions(state: BriefState): BriefState[] {
  return [...manualTransitions[state]];
}

/** Why a write or transition was refused; published as BRIEF_STATE_CONFLICT `details.reason`. */
type StateConflictReason =
  | "BRIEF_READ_ONLY"
  | "TRANSITION_NOT_ALLOWED"
  | "NO_REQUIREMENTS"
  | "NO_ACCEPTANCE_CRITERIA"
  | "NO_LIVE_APPROVAL"
  | "CHECKLIST_EMPTY"
  | "CHECKLIST_INCOMPLETE"
  | "CRITERIA_UNPROVEN"
  | "REASON_REQUIRED"
  | "SUCCESSOR_NOT_IN_PROJECT"
  | "NOT_IN_REVIEW"
  | "QUALITY_FINDINGS_OPEN";

const messages: Record<StateConflictReason, string> = {
  BRIEF_READ_ONLY: "The brief is superseded or closed and can no longer change.",
  TRANSITION_NOT_ALLOWED: "The brief cannot move to that state from its current state.",
  NO_REQUIREMENTS: "A brief needs at least one requirement before review.",
  NO_ACCEPTANCE_CRITERIA: "A brief needs at least one acceptance criterion before review.",
  NO_LIVE_APPROVAL: "A brief needs at least one live approval of its current requirements to be baselined.",
  CHECKLIST_EMPTY: "A brief needs at least one QA checklist row, all checked, to be marked checked.",
  CHECKLIST_INCOMPLETE: "Every QA checklist row must be checked first.",
  CRITERIA_UNPROVEN: "This project requires proof: every acceptance criterion needs passing evidence for its current text (or an exemption), and no finding may be open.",
  REASON_REQUIRED: "Closing a brief needs a reason.",
  SUCCESSOR_NOT_IN_PROJECT: "The successor must be another brief of the same project.",
  NOT_IN_REVIEW: "Approvals are given only while the brief is in review.",
  QUALITY_FINDINGS_OPEN: "This project requires quality before review: fix or suppress every error finding first (details.findings lists them).",
};

/**
 * "Every checklist row checked" (the guard of → checked, and what keeps a checked brief checked).
 * An absent or empty checklist does not count: nothing was verified.
 */
export function isChecklistComplete(content: BriefContent): boolean {
  const rows = content.testingQaChecklist ?? [];
  return rows.length > 0 && rows.every((row) => row.checked);
}

export type TransitionContext = {
  content: BriefContent;
  hasLiveApprovalOfCurrentApprovalHash: boolean;
  reason?: string | null;
  successorBriefId?: string | null;
  /** Resolved by the caller: the successor exists, is not this brief, and shares its project. */
  successorInSameProject?: boolean;
  /** Resolved by the caller (lib/trace/proof-gate.ts): the project requires proof and it is not all there. */
  proofMissing?: boolean;
  /** Resolved by the caller (lib/quality/quality-gate.ts): the project requires quality and an error finding is open. */
  qualityOpen?: boolean;
};

/** null when `from → to` may happen now; otherwise the reason it may not. */
export function checkTransitionGuard(
  from: BriefState,
  to: BriefState,
  context: TransitionContext,
): StateConflictReason | null {
  if (isReadOnlyState(from)) return "BRIEF_READ_ONLY";
  if (!manualTransitions[from].includes(to)) return "TRANSITION_NOT_ALLOWED";

  if (from === "drafting" && to === "in_review") {
    if ((context.content.requirements ?? []).length === 0) return "NO_REQUIREMENTS";
    if ((context.content.acceptanceCriteria ?? []).length === 0) return "NO_ACCEPTANCE_CRITERIA";
  }
  if (to === "in_review" && context.qualityOpen) return "QUALITY_FINDINGS_OPEN";
  if (from === "in_review" && to === "baselined" && !context.hasLiveApprovalOfCurrentApprovalHash) {
    return "NO_LIVE_APPROVAL";
  }
  if (to === "checked") {
    if ((context.content.testingQaChecklist ?? []).length === 0) return "CHECKLIST_EMPTY";
    if (!isChecklistComplete(context.content)) return "CHECKLIST_INCOMPLETE";
    if (context.proofMissing) return "CRITERIA_UNPROVEN";
  }
  if (to === "closed" && (context.reason ?? "").trim() === "") return "REASON_REQUIRED";
  if (to === "superseded" && context.successorBriefId != null && context.successorInSameProject !== true) {
    return "SUCCESSOR_NOT_IN_PROJECT";
  }
  return null;
}

/**
 * The state after a content write, before any requested transition. A change of the approval hash
 * sends a baselined-or-later brief back to review (its approvals are stale); otherwise a checked
 * brief whose checklist is no longer complete goes back to development. Pass
 * `checklistRowUnchecked: !isChecklistComplete(newContent)` so that a new unchecked row or an
 * emptied list counts too — a checked brief always satisfies its guard.
 */
export function automaticStateAfterWrite(
  state: BriefState,
  change: { approvalHashChanged: boolean; checklistRowUnchecked: boolean },
): BriefState {
  if (change.approvalHashChanged && (state === "baselined" || state === "in_development" || state === "checked")) {
    return "in_review";
  }
  if (change.checklistRowUnchecked && state === "checked") return "in_development";
  return state;
}

export function stateConflictMessage(reason: StateConflictReason): string {
  return messages[reason];
}

export function stateConflictError(state: BriefState, reason: StateConflictReason, more?: Record<string, unknown>): DomainError {
  return new DomainError("BRIEF_STATE_CONFLICT", messages[reason], {
    state,
    allowedTransitions: allowedTransitions(state),
    reason,
    ...more,
  });
}
