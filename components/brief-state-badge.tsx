import type { BriefState } from "@/lib/briefs/schema";
import { Badge, type BadgeTone } from "./ui/badge";

export const briefStateLabels: Record<BriefState, string> = {
  drafting: "Drafting",
  in_review: "In review",
  baselined: "Baselined",
  in_development: "In development",
  checked: "Checked",
  superseded: "Superseded",
  closed: "Closed",
};

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
