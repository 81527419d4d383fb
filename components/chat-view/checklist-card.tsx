import type { BriefView, ChecklistRow } from "@/lib/briefs/brief-view";
import { formatLocalDateTime } from "@/components/ui/date-format";
import { checkedCount, type Notice, type ViewState } from "./view-session";

/**
 * The QA checklist with its progress. People who may tick get a checkbox per row (click or Space);
 * everyone else sees the same rows without controls, and why.
 */
export function ChecklistCard({
  view,
  pending,
  notice,
  onTick,
}: {
  view: BriefView;
  pending: ViewState["pending"];
  notice: Notice | null;
  onTick: (index: number) => void;
}) {
  const rows = view.checklist;
  const total = rows.length;
  const done = checkedCount(rows);
  return (
    <section className="card" aria-labelledby="qa-heading" data-testid="qa-checklist">
      <div className="card-title">
        <h2 id="qa-heading">QA checklist</h2>
        {total > 0 && (
          <span className="progress-text" aria-live="polite">
            {done} of {total} checked
          </span>
        )}
      </div>
      {total > 0 && (
        <div className="progress" aria-hidden>
          <div className="progress-bar" style={{ width: `${(done / total) * 100}%` }} />
        </div>
      )}
      {notice && (
        <p className={`notice notice-${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
          {notice.text}
        </p>
      )}
      {total === 0 ? (
        <p className="muted">No checklist rows yet.</p>
      ) : (
        <ul className="rows">
          {rows.map((row) => (
            <Row key={`${row.index}-${row.text}`} row={row} canTick={view.canTick} pending={pending} onTick={onTick} />
          ))}
        </ul>
      )}
      {!view.canTick && view.readOnlyReason && total > 0 && <p className="muted small">{view.readOnlyReason}</p>}
    </section>
  );
}

function Row({ row, canTick, pending, onTick }: { row: ChecklistRow; canTick: boolean; pending: ViewState["pending"]; onTick: (index: number) => void }) {
  const saving = pending?.index === row.index;
  const checked = saving ? pending.checked : row.checked;
  const byId = `row-${row.index}-by`;
  const body = (
    <span className="row-body">
      <span className={checked ? "row-text row-done" : "row-text"}>{row.text}</span>
      <span id={byId} className="row-by" data-testid="qa-row-attribution">
        {saving ? "Saving…" : attribution(row)}
      </span>
    </span>
  );
  return (
    <li data-testid="qa-row">
      {canTick ? (
        <label className={saving ? "row row-tickable row-saving" : "row row-tickable"}>
          <input
            type="checkbox"
            checked={checked}
            disabled={pending !== null}
            aria-label={row.text}
            aria-describedby={byId}
            aria-busy={saving || undefined}
            onChange={() => onTick(row.index)}
          />
          {body}
        </label>
      ) : (
        <div className="row">
          <span aria-hidden className={checked ? "mark mark-done" : "mark"}>
            {checked ? "☑" : "☐"}
          </span>
          <span className="sr-only">{checked ? "Done:" : "Open:"}</span>
          {body}
        </div>
      )}
    </li>
  );
}

function attribution(row: ChecklistRow): string {
  if (row.checked) return `Checked by ${row.checkedBy ?? "someone (not recorded)"}${row.checkedAt ? ` · ${formatLocalDateTime(new Date(row.checkedAt))}` : ""}`;
  return row.addedBy ? `Not checked · added by ${row.addedBy}` : "Not checked";
}
