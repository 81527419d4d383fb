"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import type { BriefState } from "@/lib/briefs/schema";
import type { TransitionOption } from "@/lib/briefs/transition-options";
import { findSuccessorsAction } from "@/app/projects/[projectId]/briefs/[briefId]/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/components/ui/date-format";
import { BriefStateBadge, briefStateLabels } from "@/components/brief-state-badge";
import { SHORT_PAGE_SIZE, TRANSITION_REASON_MAX } from "@/lib/contract/bounds";

export type ApprovalView = {
  id: string;
  createdAt: string;
  versionNum: number;
  approvedBy: string;
  stale: boolean;
  staledAtVersionNum: number | null;
};

const actionLabels: Partial<Record<BriefState, Partial<Record<BriefState, string>>>> = {
  drafting: { in_review: "Submit for review" },
  in_review: { drafting: "Back to drafting", baselined: "Baseline" },
  baselined: { in_development: "Start development" },
  in_development: { checked: "Mark as checked" },
};

function labelOf(from: BriefState, to: BriefState): string {
  if (to === "superseded") return "Supersede…";
  if (to === "closed") return "Close…";
  return actionLabels[from]?.[to] ?? `Move to ${briefStateLabels[to]}`;
}

export type LifecycleMessage = { tone: "error" | "success" | "info"; text: string } | null;

export function LifecyclePanel({
  projectId,
  briefId,
  state,
  versionNum,
  transitions,
  stateReason,
  successorBriefId,
  approvals,
  canEdit,
  dirty,
  yourLiveApproval,
  busy,
  message,
  onTransition,
  onApprove,
}: {
  projectId: string;
  briefId: string;
  state: BriefState;
  versionNum: number;
  transitions: TransitionOption[];
  stateReason: string | null;
  successorBriefId: string | null;
  approvals: ApprovalView[];
  canEdit: boolean;
  dirty: boolean;
  yourLiveApproval: ApprovalView | null;
  busy: boolean;
  message: LifecycleMessage;
  onTransition: (to: BriefState, extra: { reason?: string; successorBriefId?: string }) => void;
  onApprove: () => void;
}) {
  const [asking, setAsking] = useState<"closed" | "superseded" | null>(null);
  const mine = yourLiveApproval;
  const plain = transitions.filter((t) => t.to !== "closed" && t.to !== "superseded");
  const ending = transitions.filter((t) => t.to === "closed" || t.to === "superseded");

  return (
    <section aria-labelledby="lifecycle-heading" className="rounded-xl border border-slate-200 bg-white p-4" data-testid="lifecycle">
      <div className="flex items-center justify-between gap-2">
        <h2 id="lifecycle-heading" className="font-semibold text-slate-900">
          Lifecycle
        </h2>
        <BriefStateBadge state={state} />
      </div>

      {(state === "closed" || state === "superseded") && (
        <div className="mt-3 space-y-1 text-sm text-slate-700">
          <p>This brief is {briefStateLabels[state].toLowerCase()} and can no longer change.</p>
          {stateReason && <p>Reason: {stateReason}</p>}
          {successorBriefId && (
            <p>
              Replaced by{" "}
              <Link className="font-medium text-indigo-700 underline" href={`/projects/${projectId}/briefs/${successorBriefId}`}>
                its successor
              </Link>
              .
            </p>
          )}
        </div>
      )}

      {message && (
        <div className="mt-3">
          <Alert tone={message.tone}>{message.text}</Alert>
        </div>
      )}

      {canEdit && transitions.length > 0 && (
        <div className="mt-3 space-y-3">
          {plain.map((t) => (
            <div key={t.to}>
              <Button type="button" className="w-full" variant={t.allowed ? "primary" : "secondary"} disabled={!t.allowed || busy} onClick={() => onTransition(t.to, {})} aria-describedby={t.reason ? `why-${t.to}` : undefined}>
                {labelOf(state, t.to)}
              </Button>
              {!t.allowed && t.reason && (
                <p id={`why-${t.to}`} className="mt-1 text-xs text-slate-600">
                  {t.reason}
                  {dirty ? " (Unsaved edits do not count until you save.)" : ""}
                </p>
              )}
            </div>
          ))}
          {state === "in_review" && (
            <div className="rounded-lg border border-slate-200 p-3">
              {mine ? (
                <p className="text-sm text-emerald-800">You approved version {mine.versionNum}.</p>
              ) : (
                <>
                  <Button type="button" className="w-full" variant="secondary" disabled={busy} onClick={onApprove}>
                    Approve version {versionNum}
                  </Button>
                  <p className="mt-1 text-xs text-slate-600">Approves the requirements as they are saved now{dirty ? "; your unsaved edits are not part of it" : ""}.</p>
                </>
              )}
            </div>
          )}
          {ending.length > 0 && (
            <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
              {ending.map((t) => (
                <Button
                  key={t.to}
                  type="button"
                  variant="ghost"
                  disabled={!t.allowed || busy}
                  aria-expanded={asking === t.to}
                  onClick={() => setAsking(asking === t.to ? null : (t.to as "closed" | "superseded"))}
                >
                  {labelOf(state, t.to)}
                </Button>
              ))}
            </div>
          )}
          {asking === "closed" && <CloseForm busy={busy} onCancel={() => setAsking(null)} onConfirm={(reason) => onTransition("closed", { reason })} />}
          {asking === "superseded" && (
            <SupersedeForm
              projectId={projectId}
              briefId={briefId}
              busy={busy}
              onCancel={() => setAsking(null)}
              onConfirm={(successorBriefId) => onTransition("superseded", successorBriefId ? { successorBriefId } : {})}
            />
          )}
        </div>
      )}

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
                {a.stale && (
                  <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
                    stale{a.staledAtVersionNum ? ` since version ${a.staledAtVersionNum}` : ""}
                  </span>
                )}
                <span className="block text-xs text-slate-500">{formatDateTime(a.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function CloseForm({ busy, onCancel, onConfirm }: { busy: boolean; onCancel: () => void; onConfirm: (reason: string) => void }) {
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const missing = reason.trim() === "";
  return (
    <form
      className="space-y-2 rounded-lg border border-rose-200 bg-rose-50/50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!missing) onConfirm(reason.trim());
      }}
    >
      <label htmlFor="close-reason" className="block text-sm font-medium text-slate-800">
        Why is this brief closed?
      </label>
      <textarea
        id="close-reason"
        value={reason}
        maxLength={TRANSITION_REASON_MAX}
        rows={2}
        onChange={(e) => setReason(e.target.value)}
        aria-invalid={tried && missing ? true : undefined}
        aria-describedby={tried && missing ? "close-reason-error" : undefined}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm aria-invalid:border-rose-500"
      />
      {tried && missing && (
        <p id="close-reason-error" className="text-sm text-rose-600">
          A reason is required to close a brief.
        </p>
      )}
      <p className="text-xs text-slate-600">A closed brief becomes read-only for everyone.</p>
      <div className="flex gap-2">
        <Button type="submit" variant="danger" disabled={busy}>
          Close brief
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

type Candidate = { id: string; title: string };

function SupersedeForm({ projectId, briefId, busy, onCancel, onConfirm }: { projectId: string; briefId: string; busy: boolean; onCancel: () => void; onConfirm: (successorBriefId?: string) => void }) {
  const [query, setQuery] = useState("");
  const [candidates, setCandidates] = useState<Candidate[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [choice, setChoice] = useState("");

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(async () => {
      const result = await findSuccessorsAction({ projectId, titleContains: query.trim() || undefined, limit: SHORT_PAGE_SIZE }).catch(() => null);
      if (cancelled) return;
      if (!result) {
        setError("The server could not be reached.");
      } else if (result.ok) {
        setError(null);
        setCandidates(result.data.items.filter((b) => b.id !== briefId).map((b) => ({ id: b.id, title: b.title })));
      } else {
        setError(result.error.message);
      }
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [projectId, briefId, query]);

  return (
    <form
      className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(choice || undefined);
      }}
    >
      <p className="text-sm font-medium text-slate-800">Supersede this brief</p>
      <p className="text-xs text-slate-600">Optionally point to the brief of this project that replaces it. A superseded brief becomes read-only.</p>
      <label htmlFor="successor-search" className="sr-only">
        Search briefs by title
      </label>
      <input
        id="successor-search"
        type="search"
        placeholder="Search briefs by title"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
      />
      {error && <Alert>{error}</Alert>}
      <fieldset className="max-h-48 space-y-1 overflow-auto">
        <legend className="sr-only">Successor</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="successor" value="" checked={choice === ""} onChange={() => setChoice("")} />
          No successor
        </label>
        {candidates === null ? (
          <p className="text-xs text-slate-500">Loading briefs…</p>
        ) : candidates.length === 0 ? (
          <p className="text-xs text-slate-500">No other briefs{query ? " match" : " in this project"}.</p>
        ) : (
          candidates.map((c) => (
            <label key={c.id} className="flex items-center gap-2 text-sm">
              <input type="radio" name="successor" value={c.id} checked={choice === c.id} onChange={() => setChoice(c.id)} />
              <span className="truncate">{c.title}</span>
            </label>
          ))
        )}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>
          Supersede
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
