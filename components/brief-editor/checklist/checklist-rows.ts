import { isChecklistComplete } from "@/lib/briefs/lifecycle";
import type { BriefContent, BriefState, QaChecklistItem } from "@/lib/briefs/schema";
import { formatDateTime } from "@/components/ui/date-format";
import { explain, type ActionError } from "../action-messages";

/**
 * A tick shown before the page data has it: pending while under way, then the stored row until
 * the page data reaches the version the tick wrote.
 */
export type ChecklistOverride = { text: string; checked: boolean; pending: boolean; versionNum: number; row?: QaChecklistItem };

type ShownRow = { row: QaChecklistItem; pending: boolean };

/** The rows as the panel shows them: the page data's, with this page's own ticks on top where they are newer. */
export function shownRows(rows: readonly QaChecklistItem[], overrides: Record<number, ChecklistOverride>, serverVersionNum: number): ShownRow[] {
  return rows.map((row, index) => {
    const o = overrides[index];
    if (!o || o.text !== row.text || (!o.pending && o.versionNum <= serverVersionNum)) return { row, pending: false };
    return { row: o.row ?? { ...row, checked: o.checked, checkedBy: undefined, checkedAt: undefined }, pending: o.pending };
  });
}

type LifecycleFacts = { state: BriefState; content: BriefContent };

/**
 * Whether a stored tick changed what the lifecycle panel shows: the brief's state (unticking a
 * row of a checked brief sends it back to development) or whether every row is checked (the guard
 * of "Mark as checked"). Only such a tick needs the page data at once; the rest of what a tick
 * changes (the history, who saved last) can follow with the live stamp.
 */
export function tickChangesLifecycle(shown: LifecycleFacts, stored: LifecycleFacts): boolean {
  return shown.state !== stored.state || isChecklistComplete(shown.content) !== isChecklistComplete(stored.content);
}

/** Why a tick was rolled back (no error: the request got no answer). */
export function tickFailureMessage(text: string, checked: boolean, error: ActionError | undefined): string {
  if (!error) return "The change could not be sent. Check your connection and try again.";
  if (error.code === "BRIEF_VERSION_CONFLICT") return `“${text}” was changed or moved by someone else meanwhile; the list now shows the current rows.`;
  return `“${text}” was not ${checked ? "checked" : "unchecked"}: ${explain(error)}`;
}

/** "Checked by Pam at …", or who added a row nobody checked yet. */
export function attribution(row: QaChecklistItem): string {
  if (row.checked) return `Checked by ${row.checkedBy ?? "someone (not recorded)"}${row.checkedAt ? ` at ${formatDateTime(row.checkedAt)}` : ""}`;
  return row.addedBy ? `Not checked · added by ${row.addedBy}` : "Not checked";
}
