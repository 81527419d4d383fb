import type { BriefState } from "@/lib/briefs/schema";
import { briefStateLabels } from "@/lib/briefs/state-labels";

const actionLabels: Partial<Record<BriefState, Partial<Record<BriefState, string>>>> = {
  drafting: { in_review: "Submit for review" },
  in_review: { drafting: "Back to drafting", baselined: "Baseline" },
  baselined: { in_development: "Start development" },
  in_development: { checked: "Mark as checked" },
};

/** The button text for moving a brief from one state to another; endings ask for more, hence "…". */
export function transitionLabel(from: BriefState, to: BriefState): string {
  if (to === "superseded") return "Supersede…";
  if (to === "closed") return "Close…";
  return actionLabels[from]?.[to] ?? `Move to ${briefStateLabels[to]}`;
}

/** Closing and superseding end a brief and ask for a reason or a successor first. */
export function isEnding(to: BriefState): to is "closed" | "superseded" {
  return to === "closed" || to === "superseded";
}
