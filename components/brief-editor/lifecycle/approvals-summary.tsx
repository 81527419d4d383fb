import { formatDateTime } from "@/components/ui/date-format";
import type { ApprovalView } from "../history/history-items";
import { StaleBadge } from "../history/history-item";

/** Who approved which version, and which approvals a later change made stale. */
export function ApprovalsSummary({ approvals }: { approvals: ApprovalView[] }) {
  return (
    <div className="mt-4 border-t border-slate-100 pt-3">
      <h3 className="text-sm font-medium text-slate-800">Approvals</h3>
      {approvals.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">No approvals yet.</p>
      ) : (
        <ul className="mt-2 space-y-2" data-testid="approvals-summary">
          {approvals.map((a) => (
            <li key={a.id} className="text-sm">
              <span className={a.stale ? "text-slate-500" : "text-slate-900"}>
                {a.stale ? "○" : "✓"} {a.approvedBy} approved version {a.versionNum}
              </span>
              {a.stale && <StaleBadge since={a.staledAtVersionNum} />}
              <span className="block text-xs text-slate-500">{formatDateTime(a.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
