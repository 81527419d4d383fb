import type { PreviewBrief } from "@/lib/import/import-preview";
import type { HeadingPlacement } from "@/lib/import/import-report";
import { Select } from "../ui/select";
import { choiceKey, optionFor, sectionLabel, sectionOptions, selectedOption } from "./section-choice";

const formatLabels: Record<PreviewBrief["format"], string> = {
  markdown: "Markdown",
  briefs: "Briefs export",
  kiro: "Kiro spec",
  "spec-kit": "Spec Kit spec",
  openspec: "OpenSpec change",
  docx: "Word document",
};

/**
 * One brief of the preview: where each heading goes (a select per section heading, deeper headings
 * shown staying inside theirs), what is kept under its own name, and the QA rows found.
 */
export function PreviewBriefCard({
  brief,
  index,
  chosen,
  disabled,
  onChoose,
}: {
  brief: PreviewBrief;
  index: number;
  /** This brief's choices so far: shown at once, before the preview that follows them comes back. */
  chosen: Record<number, string> | undefined;
  disabled: boolean;
  onChoose: (source: string, line: number, key: string) => void;
}) {
  const textOf = new Map(brief.sections.map((section) => [section.key, section.text]));
  const shown = new Set<string>();
  const kept = brief.sections.filter((section) => !sectionOptions.some((option) => option.value === section.key));
  const titleId = `import-brief-${index}-title`;
  // A spec file is read by its format's rules: its headings keep their places (docs/import.md).
  const choosable = brief.format === "markdown" || brief.format === "briefs" || brief.format === "docx";
  return (
    <article aria-labelledby={titleId} data-testid="import-preview-brief" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <header className="space-y-0.5">
        <h3 id={titleId} className="wrap-anywhere text-lg font-medium">
          {brief.title}
        </h3>
        <p className="wrap-anywhere text-sm text-slate-600">
          From <span className="font-mono text-slate-800">{brief.source}</span> · read as {formatLabels[brief.format]}
        </p>
      </header>

      {brief.notes.length > 0 && (
        <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="font-medium">Not brought over</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5" aria-label={`Not brought over from ${brief.source}`}>
            {brief.notes.map((note) => (
              <li key={note} className="wrap-anywhere">
                {note}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Where each heading of {brief.source} goes</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Heading
              </th>
              <th scope="col" className="w-36 py-2 font-medium sm:w-56">
                Goes to
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {brief.headings.map((heading) => {
              const first = heading.placement !== "inside" && heading.placement !== "title" && !shown.has(heading.section);
              if (first) shown.add(heading.section);
              return (
                <HeadingRow
                  key={heading.line}
                  id={`import-${index}-${heading.line}`}
                  heading={heading}
                  text={first ? textOf.get(heading.section) : undefined}
                  value={chosen?.[heading.line] !== undefined ? optionFor(chosen[heading.line]) : selectedOption(heading)}
                  disabled={disabled}
                  choosable={choosable}
                  onChoose={(key) => onChoose(brief.source, heading.line, key)}
                />
              );
            })}
          </tbody>
        </table>
      </div>

      {kept.length > 0 && (
        <section aria-labelledby={`${titleId}-kept`} className="space-y-1">
          <h4 id={`${titleId}-kept`} className="text-sm font-medium text-slate-800">
            Kept elsewhere, under their own names
          </h4>
          <p className="text-sm text-slate-600">The brief keeps them, with their text, under “Other data”. Choose a section above to move one.</p>
          <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-700" aria-label={`Kept under their own names in ${brief.title}`}>
            {kept.map((section) => (
              <li key={section.key} className="wrap-anywhere">
                {section.key}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby={`${titleId}-checklist`} className="space-y-1">
        <h4 id={`${titleId}-checklist`} className="text-sm font-medium text-slate-800">
          QA checklist rows found
        </h4>
        {brief.checklist.length ? (
          <ul className="space-y-0.5 text-sm text-slate-700" aria-label={`QA checklist rows of ${brief.title}`}>
            {brief.checklist.map((row, rowIndex) => (
              <li key={rowIndex} className="flex gap-2 wrap-anywhere">
                <span aria-hidden="true">{row.checked ? "☑" : "☐"}</span>
                <span>
                  <span className="sr-only">{row.checked ? "Ticked: " : "Not ticked: "}</span>
                  {row.text}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">None.</p>
        )}
      </section>
    </article>
  );
}

function HeadingRow({
  id,
  heading,
  text,
  value,
  disabled,
  choosable,
  onChoose,
}: {
  id: string;
  heading: HeadingPlacement;
  text?: string;
  value: string;
  disabled: boolean;
  choosable: boolean;
  onChoose: (key: string) => void;
}) {
  const inside = heading.placement === "inside";
  return (
    <tr data-testid="import-heading" data-placement={heading.placement}>
      <td className="py-2 pr-3 align-top">
        {/* Deeper headings are indented under the heading whose section they stay in. */}
        <div style={inside ? { paddingLeft: `${Math.min(heading.depth - 1, 5) * 0.75}rem` } : undefined} className="min-w-0 space-y-0.5">
          <p className={`wrap-anywhere ${inside ? "text-slate-600" : "font-medium text-slate-800"}`}>
            {heading.heading} <span className="font-normal text-slate-500">· line {heading.line}</span>
          </p>
          {text && <p className="wrap-anywhere text-xs text-slate-500">{text}</p>}
        </div>
      </td>
      <td className="py-2 align-top">
        {heading.placement === "title" ? (
          <span className="text-slate-600">The brief’s title</span>
        ) : inside ? (
          <span className="text-slate-600">Stays inside {sectionLabel(heading.section)}</span>
        ) : !choosable ? (
          <span className="text-slate-600">{sectionLabel(heading.section)}</span>
        ) : (
          <Select
            id={id}
            label={`Section for ${heading.heading}`}
            hideLabel
            options={sectionOptions}
            value={value}
            disabled={disabled}
            onChange={(event) => onChoose(choiceKey(heading, event.currentTarget.value))}
          />
        )}
      </td>
    </tr>
  );
}
