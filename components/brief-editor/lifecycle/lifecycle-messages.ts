import type { BriefState } from "@/lib/briefs/schema";
import type { ActionResult } from "@/lib/web/action-result";
import { briefStateLabels } from "@/lib/briefs/state-labels";
import { explain, OFFLINE } from "../action-messages";

export type LifecycleMessage = { tone: "error" | "success" | "info"; text: string } | null;

/** What the lifecycle panel says after a transition: where the brief is now, or why not (null: no answer). */
export function transitionMessage(result: ActionResult<{ state: BriefState }> | null): LifecycleMessage {
  if (!result) return { tone: "error", text: OFFLINE };
  return result.ok ? { tone: "success", text: `Moved to ${briefStateLabels[result.data.state]}.` } : { tone: "error", text: explain(result.error) };
}

/** What the lifecycle panel says after an approval: the version approved, or why not. */
export function approvalMessage(result: ActionResult<{ approval: { versionNum: number } }> | null): LifecycleMessage {
  if (!result) return { tone: "error", text: OFFLINE };
  return result.ok ? { tone: "success", text: `You approved version ${result.data.approval.versionNum}.` } : { tone: "error", text: explain(result.error) };
}
