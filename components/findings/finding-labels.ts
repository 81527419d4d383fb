import type { BadgeTone } from "@/components/ui/badge";

/** The severities QA chooses from (docs/contract.md#findings); major is the default. */
export const findingSeverities = ["blocker", "major", "minor"] as const;

export const findingSeverityViews: Record<string, { label: string; tone: BadgeTone }> = {
  blocker: { label: "Blocker", tone: "danger" },
  major: { label: "Major", tone: "warning" },
  minor: { label: "Minor", tone: "neutral" },
};

export function severityView(severity: string): { label: string; tone: BadgeTone } {
  return findingSeverityViews[severity] ?? { label: severity, tone: "neutral" };
}
