import type { QaChecklistItem } from "@/lib/briefs/schema";
import type { Trace } from "@/lib/trace/trace-schema";

/** An open finding as the page shows it (the trace's shape). */
export type RowFinding = Trace["criteria"][number]["openFindings"][number];

/** The open findings recorded for QA rows, from the trace, which lists every open finding. */
export function openRowFindings(trace: Trace): RowFinding[] {
  return trace.openFindings.filter((finding) => finding.row !== undefined);
}

/**
 * Each row's open findings, by the row's position. A finding is on the row it was recorded for
 * while that row still has the text it had; a row that moved takes its findings with it.
 */
export function findingsByRow(rows: readonly QaChecklistItem[], findings: readonly RowFinding[]): Map<number, RowFinding[]> {
  const byRow = new Map<number, RowFinding[]>();
  for (const finding of findings) {
    const { index, text } = finding.row!;
    const at = rows[index]?.text === text ? index : rows.findIndex((row) => row.text === text);
    if (at >= 0) byRow.set(at, [...(byRow.get(at) ?? []), finding]);
  }
  return byRow;
}
