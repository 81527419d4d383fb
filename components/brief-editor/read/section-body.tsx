import type { AcceptanceCriterion, Decision, GeneratedTicket, QaChecklistItem, SourceArtifactLink } from "@/lib/briefs/schema";
import { MarkdownText } from "@/components/markdown/markdown-text";
import { attribution } from "../checklist/checklist-rows";
import { sectionDef, type SectionKey } from "../sections";

/**
 * One section's content as the document shows it: long text as Markdown, every list row as a list
 * item with its text as inline Markdown, and the facts of a row (ids, provenance, bindings) around
 * it. The same view serves read mode, the editor's preview and print. The caller has checked the
 * value's shape (`isEditableSection`).
 */
export function SectionBody({ sectionKey, value }: { sectionKey: SectionKey; value: unknown }) {
  if (typeof value === "string") return <MarkdownText text={value} />;
  const items = value as unknown[];
  switch (sectionDef(sectionKey).kind) {
    case "criteria":
      return (
        <ul className="space-y-2">
          {(items as AcceptanceCriterion[]).map((criterion, i) => (
            <li key={i} className={listRowClassName}>
              <CriterionFacts criterion={criterion} />
            </li>
          ))}
        </ul>
      );
    case "checklist":
      return <StaticChecklist rows={items as QaChecklistItem[]} />;
    case "tickets":
      return (
        <ol className="space-y-3">
          {(items as GeneratedTicket[]).map((ticket, i) => (
            <li key={i} className={listRowClassName}>
              <TicketFacts ticket={ticket} />
            </li>
          ))}
        </ol>
      );
    case "decisions":
      return (
        <ul className="space-y-2">
          {(items as Decision[]).map((decision, i) => (
            <li key={i} className="break-inside-avoid rounded-md bg-slate-50 px-3 py-2 print:bg-transparent print:px-0 print:py-1">
              <MarkdownText inline text={decision.text} />
              <p className="mt-1 text-xs text-slate-600">
                {decision.stated === true ? "Stated" : decision.stated === false ? "Inferred" : "Provenance unknown"}
                {decision.source ? ` · Source: ${decision.source}` : ""}
              </p>
            </li>
          ))}
        </ul>
      );
    case "links":
      return (
        <ul className="list-disc space-y-1 pl-5">
          {(items as SourceArtifactLink[]).map((link, i) => (
            <li key={i} className="break-inside-avoid">
              <div className="flex flex-wrap items-baseline gap-x-2">
                <MarkdownText inline text={link.label} className="max-w-full min-w-0" />
                {link.kind && <span className="max-w-full rounded bg-slate-100 px-1.5 text-xs text-slate-700">{link.kind}</span>}
                {link.read !== undefined && <span className="text-xs text-slate-500">{link.read ? "read" : "not read"}</span>}
              </div>
            </li>
          ))}
        </ul>
      );
    default:
      return (
        <ul className="list-disc space-y-1 pl-5">
          {(items as string[]).map((text, i) => (
            <li key={i} className="break-inside-avoid">
              <MarkdownText inline text={text} />
            </li>
          ))}
        </ul>
      );
  }
}

/** The box each criterion and ticket sits in; the read view with proof uses it too. */
export const listRowClassName = "break-inside-avoid rounded-md bg-slate-50 px-3 py-2 print:bg-transparent print:px-0 print:py-1";

/** A criterion's id and text, and why it needs no implementation when it does not. */
export function CriterionFacts({ criterion }: { criterion: AcceptanceCriterion }) {
  return (
    <>
      <div className="flex gap-2">
        <span className="mt-0.5 max-w-[40%] font-mono text-xs text-indigo-700">{criterion.id}</span>
        <MarkdownText inline text={criterion.text} className="min-w-0 flex-1" />
      </div>
      {criterion.implementation === false && (
        <p className="mt-1 text-xs text-slate-600">
          <span className="rounded bg-amber-100 px-1.5 text-amber-900">No implementation</span>
          {criterion.manualEvidence && (
            <>
              {" "}
              Evidence: {criterion.manualEvidence.rationale} — <span className="font-mono">{criterion.manualEvidence.evidencePath}</span>
            </>
          )}
        </p>
      )}
    </>
  );
}

/** A ticket's id, title and description, and what it binds. */
export function TicketFacts({ ticket }: { ticket: GeneratedTicket }) {
  return (
    <>
      <p className="break-after-avoid font-medium text-slate-900">
        <span className="mr-2 font-mono text-xs text-indigo-700">{ticket.id}</span>
        {ticket.title}
      </p>
      {ticket.description && <MarkdownText text={ticket.description} className="mt-1 text-slate-700" />}
      <p className="mt-1 text-xs text-slate-600">
        Criteria: {ticket.boundCriteria?.length ? ticket.boundCriteria.join(", ") : "none"} · Requirements:{" "}
        {ticket.boundRequirements?.length ? ticket.boundRequirements.join(", ") : "none"}
      </p>
    </>
  );
}

/** The QA list for those who may not tick it, and in previews: marks and attribution, no controls. */
function StaticChecklist({ rows }: { rows: QaChecklistItem[] }) {
  return (
    <ul className="space-y-1">
      {rows.map((row, i) => (
        <li key={i} className="flex break-inside-avoid gap-3 py-1">
          <span aria-hidden className={`mt-0.5 leading-5 ${row.checked ? "text-emerald-700" : "text-slate-500"}`}>
            {row.checked ? "☑" : "☐"}
          </span>
          <div className="min-w-0 flex-1">
            <span className="sr-only">{row.checked ? "Done:" : "Open:"}</span>
            <MarkdownText inline text={row.text} />
            <p className="mt-0.5 text-xs text-slate-500">{attribution(row)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
