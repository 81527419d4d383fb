import type { BriefView, CriterionRow } from "@/lib/briefs/brief-view";

/** What each status means to a person reading the chat (docs/contract.md#criterion-status). */
const statusLabels: Record<CriterionRow["status"], string> = {
  exempt: "Exempt",
  failing: "Failing",
  proven: "Proven",
  suspect: "Evidence for an earlier text",
  unplanned: "No ticket",
  planned: "Planned",
  unproven: "Done, not proven",
};

/**
 * The acceptance criteria beside the checklist, each with its status, so a person sees in the chat
 * whether "done" is proven: ticking rows is not the same as passing evidence.
 */
export function CriteriaCard({ view }: { view: BriefView }) {
  const criteria = view.criteria;
  if (criteria.length === 0) return null;
  const needed = criteria.filter((criterion) => criterion.status !== "exempt");
  const proven = needed.filter((criterion) => criterion.status === "proven").length;
  return (
    <section className="card" aria-labelledby="criteria-heading" data-testid="criteria-status">
      <div className="card-title">
        <h2 id="criteria-heading">Proof</h2>
        <span className="progress-text">
          {proven} of {needed.length} proven
        </span>
      </div>
      <ul className="rows">
        {criteria.map((criterion) => (
          <li key={criterion.id} className="row criterion-row" data-testid="criterion-row">
            <span className="row-body">
              <span className="row-text">
                <strong>{criterion.id}</strong> {criterion.text}
              </span>
            </span>
            <span className={`criterion-status criterion-status-${criterion.status}`}>{statusLabels[criterion.status]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
