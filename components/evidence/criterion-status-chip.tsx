import { Badge } from "@/components/ui/badge";
import type { CriterionStatus } from "@/lib/trace/criterion-status";
import { criterionStatusViews } from "./criterion-status-labels";

/** A criterion's status as a chip, with the reason beside it in words. */
export function CriterionStatusChip({ status }: { status: CriterionStatus }) {
  const view = criterionStatusViews[status];
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600" data-testid="criterion-status" data-status={status}>
      <span className="sr-only">Status:</span>
      <Badge tone={view.tone}>{view.label}</Badge>
      <span>{view.why}</span>
    </p>
  );
}
