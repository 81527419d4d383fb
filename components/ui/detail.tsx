import type { ReactNode } from "react";

/** One term and its value inside a `<dl>`: the small facts of a list row (created, last used, …). */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{term}</dt>
      <dd className="truncate text-slate-800">{children}</dd>
    </div>
  );
}
