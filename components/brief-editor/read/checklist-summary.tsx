"use client";

import type { QaChecklistItem } from "@/lib/briefs/schema";
import { ProgressBar } from "@/components/ui/progress-bar";
import { shownRows, type ChecklistOverride } from "../checklist/checklist-rows";
import { sectionAnchor } from "./document-sections";

/**
 * Beside the document in read mode: how far QA got, and the way to the checklist itself (which is
 * ticked where it stands in the document). Counts this page's own ticks at once, like the list does.
 */
export function ChecklistSummary({ rows, overrides, serverVersionNum }: { rows: QaChecklistItem[]; overrides: Record<number, ChecklistOverride>; serverVersionNum: number }) {
  const done = shownRows(rows, overrides, serverVersionNum).filter((shown) => shown.row.checked).length;
  return (
    <section aria-labelledby="qa-summary-heading" className="rounded-xl border border-slate-200 bg-white p-4" data-testid="qa-summary">
      <h2 id="qa-summary-heading" className="font-semibold text-slate-900">
        QA checklist
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No checklist rows yet.</p>
      ) : (
        <>
          <div className="mt-2 flex items-center gap-3">
            <ProgressBar done={done} total={rows.length} className="flex-1" />
            <span className="shrink-0 text-sm text-slate-600">
              {done} of {rows.length} checked
            </span>
          </div>
          <a href={`#${sectionAnchor("testingQaChecklist")}`} className="mt-2 inline-block text-sm font-medium text-indigo-700 underline-offset-2 hover:underline">
            Go to the checklist
          </a>
        </>
      )}
    </section>
  );
}
