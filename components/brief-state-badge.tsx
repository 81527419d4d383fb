import type { BriefState } from "@/lib/briefs/schema";
import { briefStateLabels } from "@/lib/briefs/state-labels";
import { Badge, type BadgeTone } from "./ui/badge";

const tones: Record<BriefState, BadgeTone> = {
  drafting: "neutral",
  in_review: "warning",
  baselined: "info",
  in_development: "progress",
  checked: "success",
  superseded: "muted",
  closed: "muted",
};

export function BriefStateBadge({ state }: { state: BriefState }) {
  return <Badge tone={tones[state]}>{briefStateLabels[state]}</Badge>;
}
