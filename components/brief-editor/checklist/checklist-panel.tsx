"use client";

import { ChecklistList, type ChecklistListProps } from "./checklist-list";

/** QA's checklist beside the form while editing: the same rows and ticks as the document's QA section. */
export function ChecklistPanel(props: ChecklistListProps) {
  return (
    <section aria-labelledby="qa-checklist-heading" className="wrap-anywhere rounded-xl border border-slate-200 bg-white p-4" data-testid="qa-checklist">
      <h2 id="qa-checklist-heading" className="mb-2 font-semibold text-slate-900">
        QA checklist
      </h2>
      <ChecklistList {...props} />
    </section>
  );
}
