import type { ReactNode } from "react";
import { ExtraKeysList } from "../extra-keys-list";
import type { BriefContent } from "@/lib/briefs/schema";
import type { SectionKey } from "../sections";
import { documentParts, OTHER_DATA_ANCHOR, sectionAnchor } from "./document-sections";
import { SectionBody } from "./section-body";
import { EditingElsewhere } from "@/components/presence/presence-context";

/**
 * The brief as a document: each section with content under its heading, in the contract's order,
 * then anything the editor does not know under "Other data". Empty sections are left out. What is
 * printed is this article (see read/print.css): headings stay with what follows them, rows are not split.
 */
export function BriefDocument({
  content,
  checklist,
  sectionBodies,
  sectionAction,
  empty,
}: {
  content: BriefContent;
  /** The QA section as QA ticks it; without it the rows are shown as marks. */
  checklist?: ReactNode;
  /** A section shown with more than its content, e.g. tickets with their work orders. */
  sectionBodies?: Partial<Record<SectionKey, ReactNode>>;
  /** Beside each heading: e.g. the link that opens that section in the editor. */
  sectionAction?: (key: SectionKey, title: string) => ReactNode;
  /** What an empty brief says instead. */
  empty: ReactNode;
}) {
  const { sections, extras, parts } = documentParts(content);
  if (parts.length === 0) return <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center print:border-0">{empty}</div>;
  const titleOf = new Map(parts.map((part) => [part.id, part.title]));
  return (
    <article aria-label="Brief" className="brief-document wrap-anywhere rounded-xl border border-slate-200 bg-white px-4 py-5 sm:px-8 sm:py-7 print:border-0 print:p-0" data-testid="brief-document">
      {sections.map((key) => {
        const id = sectionAnchor(key);
        const title = titleOf.get(id)!;
        return (
          <section key={key} id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-4 border-t border-slate-100 pt-5 first:border-t-0 first:pt-0 [&+&]:mt-6 print:border-0">
            <div className="flex break-after-avoid items-baseline justify-between gap-3">
              <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
                {title}
              </h2>
              {sectionAction?.(key, title)}
            </div>
            <EditingElsewhere sectionKey={key} />
            <div className="mt-2 text-[0.9375rem]">{key === "testingQaChecklist" && checklist ? checklist : (sectionBodies?.[key] ?? <SectionBody sectionKey={key} value={content[key]} />)}</div>
          </section>
        );
      })}
      {extras.length > 0 && (
        <section id={OTHER_DATA_ANCHOR} aria-labelledby={`${OTHER_DATA_ANCHOR}-heading`} className="mt-6 scroll-mt-4 border-t border-slate-100 pt-5">
          <h2 id={`${OTHER_DATA_ANCHOR}-heading`} className="text-lg font-semibold text-slate-900">
            Other data
          </h2>
          <p className="mt-1 text-sm text-slate-600">Kept exactly as it is when the brief is saved; agents and integrations may rely on it.</p>
          <ExtraKeysList content={content} keys={extras} className="mt-3 space-y-4" />
        </section>
      )}
    </article>
  );
}
