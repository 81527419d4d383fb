import type { ValidationIssue } from "@/lib/errors";
import type { ActionResult } from "@/lib/web/action-result";
import { explain, OFFLINE } from "../action-messages";
import type { WrittenBrief } from "./draft-state";

type SavedBrief = WrittenBrief & { createdNewVersion: boolean; staledApprovals: number };

/** What became of a save, as the form shows it. */
export type SaveOutcome =
  | { kind: "saved"; brief: WrittenBrief; text: string }
  | { kind: "conflict"; currentVersionNum: number }
  | { kind: "invalid"; issues: ValidationIssue[]; text: string }
  | { kind: "refused"; text: string; stateChanged: boolean }
  | { kind: "offline"; text: string };

/** Reads a save's answer (null: none arrived) into what the form does next. */
export function saveOutcome(result: ActionResult<SavedBrief> | null): SaveOutcome {
  if (!result) return { kind: "offline", text: OFFLINE };
  if (result.ok) {
    const brief = result.data;
    const stale = brief.staledApprovals ? ` ${brief.staledApprovals} approval(s) are now stale.` : "";
    return { kind: "saved", brief, text: brief.createdNewVersion ? `Saved as version ${brief.versionNum}.${stale}` : "Saved." };
  }
  const { error } = result;
  if (error.code === "BRIEF_VERSION_CONFLICT") return { kind: "conflict", currentVersionNum: Number(error.details?.currentVersionNum ?? 0) };
  if (error.code === "VALIDATION_ERROR") {
    return { kind: "invalid", issues: (error.details?.issues as ValidationIssue[] | undefined) ?? [], text: "The server refused some fields; they are marked below." };
  }
  return { kind: "refused", text: explain(error), stateChanged: error.code === "BRIEF_STATE_CONFLICT" };
}

/** Whether the page data must be fetched again: after a write, or when the refusal says it is out of date. */
export function refreshAfter(outcome: SaveOutcome): boolean {
  return outcome.kind === "saved" || outcome.kind === "conflict" || (outcome.kind === "refused" && outcome.stateChanged);
}
