import type { QaChecklistItem } from "@/lib/briefs/schema";
import type { Trace } from "@/lib/trace/trace-schema";

/** An open finding as the page shows it (the trace's shape). */
export type RowFinding = Trace["criteria"][number]["openFindings"][number];

/** The open findings recorded for QA rows, from the trace, which lists every open finding. */
export function openRowFindings(trace: Trace): RowFinding[] {
  return trace.openFindings.filter((finding) => finding.row !== undefined);
}

/** Where a row finding shows: its row while that row has the text it had, else the row its text moved to; -1 when the text is gone. */
function rowOf(rows: readonly QaChecklistItem[], { index, text }: { index: number; text: string }): number {
  return rows[index]?.text === text ? index : rows.findIndex((row) => row.text === text);
}

/**
 * Each row's open findings, by the row's position. A finding is on the row it was recorded for
 * while that row still has the text it had; a row that moved takes its findings with it.
 */
export function findingsByRow(rows: readonly QaChecklistItem[], findings: readonly RowFinding[]): Map<number, RowFinding[]> {
  const byRow = new Map<number, RowFinding[]>();
  for (const finding of findings) {
    const at = rowOf(rows, finding.row!);
    if (at >= 0) byRow.set(at, [...(byRow.get(at) ?? []), finding]);
  }
  return byRow;
}

/**
 * The open findings no QA row shows: failing evidence's, and a row's whose text is gone. They hold
 * the proof back all the same (and a finding of a criterion that no longer exists, or of none, is
 * resolved only by a person), so the page lists them where they can be resolved.
 */
export function unplacedFindings(rows: readonly QaChecklistItem[], trace: Trace): RowFinding[] {
  return trace.openFindings.filter((finding) => finding.row === undefined || rowOf(rows, finding.row) < 0);
}
