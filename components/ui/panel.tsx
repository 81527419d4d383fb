import type { ReactNode } from "react";

/**
 * A white card under a heading of its own, such as the form beside a list: the section is labelled
 * by its heading, so assistive technology lists it by that name. `className` places it in a grid.
 */
export function Panel({ headingId, title, className = "", children }: { headingId: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className={`rounded-lg border border-slate-200 bg-white p-4 ${className}`}>
      <h2 id={headingId} className="mb-3 font-medium">
        {title}
      </h2>
      {children}
    </section>
  );
}
