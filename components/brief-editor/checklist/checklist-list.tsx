"use client";

import type { ReactNode } from "react";
import type { QaChecklistItem } from "@/lib/briefs/schema";
import { MarkdownText } from "@/components/markdown/markdown-text";
import { Alert } from "@/components/ui/alert";
import { ProgressBar } from "@/components/ui/progress-bar";
import { attribution, shownRows, type ChecklistOverride } from "./checklist-rows";

export type ChecklistListProps = {
  rows: QaChecklistItem[];
  overrides: Record<number, ChecklistOverride>;
  serverVersionNum: number;
  canToggle: boolean;
  readOnlyReason?: string;
  message: string | null;
  onToggle: (index: number, row: QaChecklistItem, checked: boolean) => void;
  onDismissMessage: () => void;
  /** Under each row, outside its tick target: e.g. its open findings and "Mark failed". */
  rowExtra?: (index: number, row: QaChecklistItem) => ReactNode;
};

/**
 * QA's clickable rows with their progress: the QA panel beside the form, and the QA checklist
 * section of the document in read mode. A click anywhere on a row, or Space on its checkbox,
 * toggles it at once; the editor sends the toggle and rolls it back with a message if refused.
 */
export function ChecklistList({ rows, overrides, serverVersionNum, canToggle, readOnlyReason, message, onToggle, onDismissMessage, rowExtra }: ChecklistListProps) {
  const shown = shownRows(rows, overrides, serverVersionNum);
  const done = shown.filter((s) => s.row.checked).length;
  return (
    <>
      {rows.length > 0 && (
        <div className="flex items-center gap-3">
          <ProgressBar done={done} total={rows.length} className="flex-1 print:hidden" />
          <span className="shrink-0 text-sm text-slate-600" aria-live="polite">
            {done} of {rows.length} checked
          </span>
        </div>
      )}
      {message && (
        <div className="mt-3">
          <Alert>
            <span>{message}</span>{" "}
            <button type="button" onClick={onDismissMessage} className="ml-1 underline">
              Dismiss
            </button>
          </Alert>
        </div>
      )}
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">
          No checklist rows yet.{canToggle ? " Add rows in the QA checklist section of the brief and save." : ""}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {shown.map(({ row, pending }, index) => {
            const describedBy = `qa-row-${index}-by`;
            const body = (
              <div className="min-w-0 flex-1">
                <MarkdownText inline text={row.text} className={`text-sm ${row.checked ? "text-slate-500! line-through decoration-slate-300" : ""}`} />
                <span id={describedBy} className="mt-0.5 block text-xs text-slate-500" data-testid="qa-row-attribution">
                  {pending ? "Saving…" : attribution(row)}
                </span>
              </div>
            );
            return (
              <li key={`${index}-${row.text}`} data-testid="qa-row" className="break-inside-avoid">
                {canToggle ? (
                  <label className={`-mx-2 flex cursor-pointer items-start gap-3 rounded-md px-2 py-2 hover:bg-slate-50 ${pending ? "opacity-70" : ""}`}>
                    <input
                      type="checkbox"
                      className="mt-1 h-4 w-4 shrink-0 cursor-pointer rounded border-slate-300 accent-emerald-600"
                      checked={row.checked}
                      aria-label={row.text}
                      aria-describedby={describedBy}
                      aria-busy={pending || undefined}
                      onChange={(event) => {
                        if (!pending) onToggle(index, rows[index], event.target.checked);
                      }}
                    />
                    {body}
                  </label>
                ) : (
                  <div className="flex items-start gap-3 py-2">
                    <span aria-hidden className={`mt-0.5 text-base leading-5 ${row.checked ? "text-emerald-700" : "text-slate-500"}`}>
                      {row.checked ? "☑" : "☐"}
                    </span>
                    <span className="sr-only">{row.checked ? "Done:" : "Open:"}</span>
                    {body}
                  </div>
                )}
                {rowExtra?.(index, rows[index])}
              </li>
            );
          })}
        </ul>
      )}
      {!canToggle && readOnlyReason && rows.length > 0 && <p className="mt-2 text-xs text-slate-500 print:hidden">{readOnlyReason}</p>}
    </>
  );
}
