import { criterionStatusViews } from "@/components/evidence/criterion-status-labels";
import { VerifiedBadge } from "@/components/evidence/verified-badge";
import { MarkdownText } from "@/components/markdown/markdown-text";
import { Badge } from "@/components/ui/badge";
import { ColumnHeads } from "@/components/ui/column-heads";
import type { Trace } from "@/lib/trace/trace-schema";
import { criterionAnchor, ticketAnchor } from "./gap-links";

type TracedCriterion = Trace["criteria"][number];

/**
 * Every acceptance criterion in one table, whether a ticket binds it or not: its status, the
 * tickets that implement it and what its evidence says. Wide on a phone, the table scrolls in its box.
 */
export function CriteriaTable({ criteria }: { criteria: TracedCriterion[] }) {
  return (
    <section aria-labelledby="trace-criteria-heading" className="space-y-3">
      <div>
        <h2 id="trace-criteria-heading" className="text-lg font-semibold text-slate-900">
          Acceptance criteria
        </h2>
        <p className="text-sm text-slate-600">Each criterion’s status comes from its latest evidence for its current text, then from the work on its tickets.</p>
      </div>
      {criteria.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 bg-white px-3 py-4 text-sm text-slate-600">This brief has no acceptance criteria yet.</p>
      ) : (
        // Focusable so that a keyboard can scroll it where it is wider than the screen; positioned so
        // that what it hides for screen readers (absolutely placed) stays inside its scrolling box.
        <div role="region" aria-labelledby="trace-criteria-heading" tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600">
          <table className="w-full min-w-[34rem] text-left text-sm">
            <ColumnHeads className="bg-slate-50 text-xs text-slate-600" columns={["Criterion", "Status", "Tickets", "Evidence"]} />
            <tbody className="divide-y divide-slate-100">
              {criteria.map((criterion) => {
                const view = criterionStatusViews[criterion.status];
                return (
                  <tr key={criterion.id} id={criterionAnchor(criterion.id)} className="scroll-mt-4 align-top target:bg-indigo-50" data-testid="trace-criterion" data-status={criterion.status}>
                    <th scope="row" className="wrap-anywhere px-3 py-2 font-normal">
                      <span className="font-mono font-medium text-slate-900">{criterion.id}</span>
                      <MarkdownText text={criterion.text} inline className="text-slate-800" />
                    </th>
                    <td className="px-3 py-2">
                      <Badge tone={view.tone} title={view.why}>
                        {view.label}
                      </Badge>
                      <span className="sr-only">: {view.why}</span>
                    </td>
                    <td className="wrap-anywhere px-3 py-2">
                      {criterion.tickets.length === 0 ? (
                        <span className="text-slate-600">None</span>
                      ) : (
                        <ul className="space-y-0.5">
                          {criterion.tickets.map((ticketId) => (
                            <li key={ticketId}>
                              <a href={`#${ticketAnchor(ticketId)}`} className="font-mono text-indigo-700 underline">
                                {ticketId}
                              </a>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td className="px-3 py-2 text-slate-700">
                      <EvidenceNote criterion={criterion} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** How many items, what the latest said, and whether it is for an earlier text; open findings too. */
function EvidenceNote({ criterion }: { criterion: TracedCriterion }) {
  const latest = criterion.evidence.at(-1);
  const findings = criterion.openFindings.length;
  return (
    <>
      {latest ? (
        <p>
          {criterion.evidence.length} {criterion.evidence.length === 1 ? "item" : "items"}, the latest {latest.result === "pass" ? "passed" : "failed"}
          {latest.current ? "" : " for an earlier text"}{" "}
          <VerifiedBadge provenance={latest.provenance} superseded={latest.superseded} />
        </p>
      ) : (
        <p className="text-slate-600">{criterion.status === "exempt" ? "Not needed" : "None yet"}</p>
      )}
      {findings > 0 && (
        <p className="text-rose-800">
          {findings} open {findings === 1 ? "finding" : "findings"}
        </p>
      )}
    </>
  );
}
