import { CriterionStatusChip } from "@/components/evidence/criterion-status-chip";
import { EvidenceList } from "@/components/evidence/evidence-list";
import { OpenFindingsNote } from "@/components/evidence/open-findings-note";
import { MarkdownText } from "@/components/markdown/markdown-text";
import { Badge } from "@/components/ui/badge";
import { WorkOrderSummary } from "@/components/work-orders/work-order-summary";
import { TicketKey } from "@/components/github/ticket-key";
import { TicketPullRequests } from "@/components/github/ticket-pull-requests";
import type { Trace } from "@/lib/trace/trace-schema";
import { criterionAnchor, requirementAnchor, ticketAnchor } from "./gap-links";

type TracedTicket = Trace["tickets"][number];
type TracedCriterion = Trace["criteria"][number];

/**
 * The matrix read from the left: each requirement, the tickets that implement it with their work
 * orders, the criteria those tickets bind with their status, and the evidence for each. A ticket
 * bound to several requirements shows under each; its first place carries its anchor. Tickets bound
 * to no requirement follow at the end, so every ticket appears.
 */
export function RequirementsTrace({ trace }: { trace: Trace }) {
  const criteria = new Map(trace.criteria.map((criterion) => [criterion.id, criterion]));
  const tickets = new Map(trace.tickets.map((ticket) => [ticket.id, ticket]));
  const anchoredAt = new Map<string, string>();
  for (const requirement of trace.requirements) {
    for (const ticketId of requirement.tickets) if (!anchoredAt.has(ticketId)) anchoredAt.set(ticketId, requirementAnchor(requirement.index));
  }
  const unbound = trace.tickets.filter((ticket) => !anchoredAt.has(ticket.id));

  return (
    <section aria-labelledby="trace-requirements-heading" className="space-y-3">
      <div>
        <h2 id="trace-requirements-heading" className="text-lg font-semibold text-slate-900">
          From requirements to proof
        </h2>
        <p className="text-sm text-slate-600">Each requirement, the tickets that implement it, the criteria they bind and the evidence for each.</p>
      </div>
      {trace.requirements.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 bg-white px-3 py-4 text-sm text-slate-600">This brief has no requirements yet.</p>
      ) : (
        <ol className="space-y-4">
          {trace.requirements.map((requirement) => {
            const anchor = requirementAnchor(requirement.index);
            return (
              <li key={requirement.index} id={anchor} className="scroll-mt-4" data-testid="trace-requirement">
                <article aria-labelledby={`${anchor}-heading`} className="wrap-anywhere rounded-lg border border-slate-200 bg-white p-4">
                  <h3 id={`${anchor}-heading`} className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
                    Requirement {requirement.index + 1}
                    {requirement.id ? (
                      <span className="font-mono text-sm font-medium text-slate-700">{requirement.id}</span>
                    ) : (
                      <Badge tone="warning">Not traceable</Badge>
                    )}
                  </h3>
                  <MarkdownText text={requirement.text} inline className="mt-1 text-slate-800" />
                  {!requirement.traceable ? (
                    <p className="mt-2 text-sm text-slate-600">It has no id, so no ticket can bind it. Start its text with an id such as “R1:”, or number the requirements in the editor.</p>
                  ) : requirement.tickets.length === 0 ? (
                    <p className="mt-2 text-sm text-slate-600">No ticket implements it yet.</p>
                  ) : (
                    <ul aria-label={`Tickets for ${requirement.id}`} className="mt-3 space-y-3">
                      {requirement.tickets.map((ticketId) => {
                        const ticket = tickets.get(ticketId);
                        return ticket ? (
                          <li key={ticketId}>
                            <TicketTrace briefId={trace.briefId} ticket={ticket} criteria={criteria} anchor={anchoredAt.get(ticketId) === anchor ? ticketAnchor(ticketId) : undefined} />
                          </li>
                        ) : null;
                      })}
                    </ul>
                  )}
                </article>
              </li>
            );
          })}
        </ol>
      )}
      {unbound.length > 0 && (
        <section aria-labelledby="trace-unbound-heading" className="wrap-anywhere rounded-lg border border-slate-200 bg-white p-4">
          <h3 id="trace-unbound-heading" className="text-base font-semibold text-slate-900">
            Tickets bound to no requirement
          </h3>
          <ul className="mt-3 space-y-3">
            {unbound.map((ticket) => (
              <li key={ticket.id}>
                <TicketTrace briefId={trace.briefId} ticket={ticket} criteria={criteria} anchor={ticketAnchor(ticket.id)} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

/** A ticket with its work order, and each criterion it binds with its status and evidence. */
function TicketTrace({ briefId, ticket, criteria, anchor }: { briefId: string; ticket: TracedTicket; criteria: Map<string, TracedCriterion>; anchor: string | undefined }) {
  return (
    <div id={anchor} className="scroll-mt-4 rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="trace-ticket">
      <h4 className="text-sm font-semibold text-slate-900">
        <span className="font-mono">{ticket.id}</span> · {ticket.title}
      </h4>
      <div className="mt-1">
        <WorkOrderSummary workOrder={ticket.workOrder} />
        <TicketPullRequests pullRequests={ticket.pullRequests} />
        <div className="mt-1">
          <TicketKey briefId={briefId} ticketId={ticket.id} />
        </div>
      </div>
      {ticket.boundCriteria.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">It binds no acceptance criterion.</p>
      ) : (
        <ul aria-label={`Criteria of ticket ${ticket.id}`} className="mt-2 space-y-2">
          {ticket.boundCriteria.map((criterionId) => {
            const criterion = criteria.get(criterionId);
            return (
              <li key={criterionId} className="rounded-md border border-slate-200 bg-white p-3" data-testid="trace-ticket-criterion">
                {criterion ? (
                  <>
                    <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
                      <a href={`#${criterionAnchor(criterion.id)}`} className="font-mono font-medium text-indigo-700 underline">
                        {criterion.id}
                      </a>
                      <MarkdownText text={criterion.text} inline className="min-w-0 text-slate-800" />
                    </div>
                    <div className="mt-1">
                      <CriterionStatusChip status={criterion.status} />
                    </div>
                    <OpenFindingsNote findings={criterion.openFindings} />
                    {criterion.evidence.length === 0 ? (
                      <p className="mt-1 text-xs text-slate-600">No evidence yet.</p>
                    ) : (
                      <EvidenceList criterionId={criterion.id} evidence={criterion.evidence} />
                    )}
                  </>
                ) : (
                  <p className="text-sm text-slate-700">
                    <span className="font-mono">{criterionId}</span> is not an acceptance criterion of this brief.
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
