"use client";

/**
 * "Write | Preview" above a section being edited: the preview is the section as read mode will show
 * it (Markdown rendered). Two toggle buttons named after the section, so each is found on its own.
 */
export function WritePreviewSwitch({ preview, onChange, label }: { preview: boolean; onChange: (preview: boolean) => void; label: string }) {
  const button = (on: boolean, text: string) => (
    <button
      type="button"
      aria-pressed={preview === on}
      aria-label={`${text} ${label}`}
      onClick={() => onChange(on)}
      className={`px-2 py-0.5 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 ${
        preview === on ? "bg-slate-800 text-white" : "bg-white text-slate-700 hover:bg-slate-100"
      }`}
    >
      {text}
    </button>
  );
  return (
    <span className="inline-flex shrink-0 overflow-hidden rounded-md border border-slate-300">
      {button(false, "Write")}
      {button(true, "Preview")}
    </span>
  );
}

/** The frame of a preview: what the section will read like, or a note when there is nothing yet. */
export function PreviewBox({ empty, children, testId }: { empty: boolean; children: React.ReactNode; testId: string }) {
  return (
    <div className="min-h-10 rounded-md border border-dashed border-slate-300 bg-white px-3 py-2 text-sm" data-testid={testId}>
      {empty ? <p className="italic text-slate-500">Nothing to preview yet.</p> : children}
    </div>
  );
}
