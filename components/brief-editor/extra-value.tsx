import { MarkdownText } from "@/components/markdown/markdown-text";

/**
 * The value of a key this editor does not edit. Text is shown as the Markdown it is (an imported
 * "Background" section reads like one); anything else as its JSON.
 */
export function ExtraValue({ value }: { value: unknown }) {
  if (typeof value === "string") {
    return (
      <div className="mt-1 rounded-md border border-slate-200 bg-slate-50 p-3 text-[0.9375rem]">
        <MarkdownText text={value} />
      </div>
    );
  }
  return (
    <pre className="mt-1 max-h-64 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100 print:max-h-none print:whitespace-pre-wrap print:bg-slate-100 print:text-slate-900">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
