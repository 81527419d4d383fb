import { isReadOnlyState } from "@/lib/briefs/lifecycle";
import type { BriefState } from "@/lib/briefs/schema";
import { briefStateLabels } from "@/lib/briefs/state-labels";
import type { ProjectRole } from "@/lib/projects/project-schema";

/** Why this reader cannot tick the checklist, in a line; undefined when they can. */
export function readOnlyReasonOf(role: ProjectRole, state: BriefState): string | undefined {
  if (role === "viewer") return "You can view this brief; ask an owner for editor access to change it.";
  if (role === "reviewer" && !isReadOnlyState(state)) return "As a reviewer you suggest changes; editors tick the checklist.";
  return isReadOnlyState(state) ? `This brief is ${briefStateLabels[state].toLowerCase()}; it can no longer change.` : undefined;
}
