import type { SectionChange } from "./section-diff";

const statusText = { added: "added", removed: "removed", changed: "changed" } as const;

/** Section-by-section changes, removed lines struck through and added lines marked. */
export function DiffView({ changes, emptyText = "No differences in content." }: { changes: SectionChange[]; emptyText?: string }) {
  if (changes.length === 0) return <p className="text-sm text-slate-600">{emptyText}</p>;
  return (
    <ul className="space-y-3" aria-label="Changed sections">
      {changes.map((change) => (
        <li key={change.key} className="overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid={`diff-${change.key}`}>
          <p className="flex items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-sm font-medium text-slate-800">
            <span>{change.label}</span>
            <span className="text-xs font-normal text-slate-500">{statusText[change.status]}</span>
          </p>
          {/* Focusable, so a keyboard can scroll a long section's changes. */}
          <div className="max-h-80 overflow-auto font-mono text-xs leading-5" tabIndex={0} role="group" aria-label={`Changes in ${change.label}`}>
            {change.lines.map((line, index) => (
              <div
                key={index}
                className={`flex gap-2 px-3 whitespace-pre-wrap wrap-anywhere ${
                  line.op === "add" ? "bg-emerald-50 text-emerald-900" : line.op === "del" ? "bg-rose-50 text-rose-900 line-through decoration-rose-400" : "text-slate-600"
                }`}
              >
                <span aria-hidden className="w-3 shrink-0 select-none">
                  {line.op === "add" ? "+" : line.op === "del" ? "−" : " "}
                </span>
                <span className="min-w-0">
                  <span className="sr-only">{line.op === "add" ? "Added: " : line.op === "del" ? "Removed: " : ""}</span>
                  {line.text}
                </span>
              </div>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
