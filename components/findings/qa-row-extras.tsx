import type { ReactNode } from "react";
import type { QaChecklistItem } from "@/lib/briefs/schema";
import { EVIDENCE_FILE_MAX_BYTES_WEB } from "@/lib/contract/bounds";
import type { Trace } from "@/lib/trace/trace-schema";
import { QaRowFindings } from "./qa-row-findings";
import { findingsByRow, openRowFindings } from "./row-findings";

/**
 * What the QA checklist shows under each row: its open findings, and "Mark failed" for those who
 * may tick.
 */
export function qaRowExtras({
  briefId,
  rows,
  trace,
  canAct,
  onChanged,
}: {
  briefId: string;
  rows: QaChecklistItem[];
  trace: Trace;
  canAct: boolean;
  onChanged: () => void;
}): (index: number, row: QaChecklistItem) => ReactNode {
  const byRow = findingsByRow(rows, openRowFindings(trace));
  const criterionIds = trace.criteria.map((criterion) => criterion.id);
  return function RowExtra(index, row) {
    return (
      <QaRowFindings
        briefId={briefId}
        index={index}
        row={row}
        findings={byRow.get(index) ?? []}
        criterionIds={criterionIds}
        canAct={canAct}
        maxFileBytes={EVIDENCE_FILE_MAX_BYTES_WEB}
        onChanged={onChanged}
      />
    );
  };
}
