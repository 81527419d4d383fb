import type { BadgeTone } from "@/components/ui/badge";
import type { CriterionStatus } from "@/lib/trace/criterion-status";

/** How each criterion status reads (docs/contract.md#criterion-status): a word, a tone and why. */
export const criterionStatusViews: Record<CriterionStatus, { label: string; tone: BadgeTone; why: string }> = {
  proven: { label: "Proven", tone: "success", why: "Its latest evidence passed." },
  failing: { label: "Failing", tone: "danger", why: "Its latest evidence failed." },
  suspect: { label: "Suspect", tone: "warning", why: "Its evidence is for an earlier text." },
  unproven: { label: "Unproven", tone: "warning", why: "Its tickets are done, but nothing proves it yet." },
  planned: { label: "Planned", tone: "progress", why: "Work on its tickets is not done yet." },
  unplanned: { label: "Unplanned", tone: "neutral", why: "No ticket implements it." },
  exempt: { label: "Exempt", tone: "muted", why: "It needs no evidence." },
};
