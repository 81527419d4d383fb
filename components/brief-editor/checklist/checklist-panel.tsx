"use client";

import type { QaChecklistItem } from "@/lib/briefs/schema";
import { Alert } from "@/components/ui/alert";
import { attribution, shownRows, type ChecklistOverride } from "./checklist-rows";

/**
 * QA's clickable list. A click anywhere on a row, or Space on its checkbox, toggles it at once;
 * the editor sends the toggle and rolls it back with a message if the server refuses.
 */
export function ChecklistPanel({
  rows,
  overrides,
  serverVersionNum,
  canToggle,
  readOnlyReason,
  message,
  onToggle,
  onDismissMessage,
}: {
  rows: QaChecklistItem[];
  overrides: Record<number, ChecklistOverride>;
  serverVersionNum: number;
  canToggle: boolean;
  readOnlyReason?: string;
  message: string | null;
  onToggle: (index: number, row: QaChecklistItem, checked: boolean) => void;
  onDismissMessage: () => void;
}) {
  const shown = shownRows(rows, overrides, serverVersionNum);
  const done = shown.filter((s) => s.row.checked).length;
  return (
    <section aria-labelledby="qa-checklist-heading" className="rounded-xl border border-slate-200 bg-white p-4" data-testid="qa-checklist">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="qa-checklist-heading" className="font-semibold text-slate-900">
          QA checklist
        </h2>
        {rows.length > 0 && (
          <span className="text-sm text-slate-600" aria-live="polite">
            {done} of {rows.length} checked
          </span>
        )}
      </div>
      {rows.length > 0 && (
        <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden>
          <div className="h-full rounded-full bg-emerald-500 transition-all" style={{ width: `${(done / rows.length) * 100}%` }} />
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
        <ul className="mt-3 divide-y divide-slate-100">
          {shown.map(({ row, pending }, index) => {
            const describedBy = `qa-row-${index}-by`;
            const body = (
              <>
                <span className="min-w-0 flex-1">
                  <span className={`block wrap-anywhere text-sm ${row.checked ? "text-slate-500 line-through decoration-slate-300" : "text-slate-900"}`}>{row.text}</span>
                  <span id={describedBy} className="mt-0.5 block text-xs text-slate-500" data-testid="qa-row-attribution">
                    {pending ? "Saving…" : attribution(row)}
                  </span>
                </span>
              </>
            );
            return (
              <li key={`${index}-${row.text}`} data-testid="qa-row">
                {canToggle ? (
                  <label className={`-mx-2 flex cursor-pointer items-start gap-3 rounded-md px-2 py-2 hover:bg-slate-50 ${pending ? "opacity-70" : ""}`}>
                    <input
                      type="checkbox"
                      className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer rounded border-slate-300 accent-emerald-600"
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
                    <span aria-hidden className={`mt-0.5 text-base leading-4 ${row.checked ? "text-emerald-700" : "text-slate-500"}`}>
                      {row.checked ? "☑" : "☐"}
                    </span>
                    <span className="sr-only">{row.checked ? "Done:" : "Open:"}</span>
                    {body}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!canToggle && readOnlyReason && rows.length > 0 && <p className="mt-2 text-xs text-slate-500">{readOnlyReason}</p>}
    </section>
  );
}
