"use client";

import Link from "next/link";
import { useState } from "react";
import type { BriefState } from "@/lib/briefs/schema";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { BriefStateBadge } from "@/components/brief-state-badge";
import { briefStateLabels } from "@/lib/briefs/state-labels";
import type { BriefFull } from "../brief-data";
import type { ApprovalView } from "../history/history-items";
import { ApprovalsSummary } from "./approvals-summary";
import { CloseForm } from "./close-form";
import { SupersedeForm } from "./supersede-form";
import { isEnding, transitionLabel } from "./transition-labels";
import type { LifecycleActions } from "./use-lifecycle-actions";

/**
 * The brief's state and what may happen next: a button per transition (disabled with the reason
 * when not allowed yet), approval while in review, and closing or superseding after asking.
 */
export function LifecyclePanel({
  projectId,
  briefId,
  state,
  versionNum,
  lifecycle,
  approvals,
  canEdit,
  dirty,
  actions: { busy, message, transition, approve },
}: {
  projectId: string;
  briefId: string;
  state: BriefState;
  versionNum: number;
  lifecycle: BriefFull["lifecycle"];
  approvals: ApprovalView[];
  canEdit: boolean;
  dirty: boolean;
  actions: LifecycleActions;
}) {
  const [asking, setAsking] = useState<"closed" | "superseded" | null>(null);
  const { transitions, stateReason, successorBriefId, yourLiveApproval: mine } = lifecycle;
  const plain = transitions.filter((t) => !isEnding(t.to));
  const ending = transitions.filter((t) => isEnding(t.to));

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
              <Button type="button" className="w-full" variant={t.allowed ? "primary" : "secondary"} disabled={!t.allowed || busy} onClick={() => transition(t.to, {})} aria-describedby={t.reason ? `why-${t.to}` : undefined}>
                {transitionLabel(state, t.to)}
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
                  <Button type="button" className="w-full" variant="secondary" disabled={busy} onClick={approve}>
                    Approve version {versionNum}
                  </Button>
                  <p className="mt-1 text-xs text-slate-600">Approves the requirements as they are saved now{dirty ? "; your unsaved edits are not part of it" : ""}.</p>
                </>
              )}
            </div>
          )}
          {ending.length > 0 && (
            <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
              {ending.map(({ to, allowed }) =>
                isEnding(to) ? (
                  <Button key={to} type="button" variant="ghost" disabled={!allowed || busy} aria-expanded={asking === to} onClick={() => setAsking(asking === to ? null : to)}>
                    {transitionLabel(state, to)}
                  </Button>
                ) : null,
              )}
            </div>
          )}
          {asking === "closed" && <CloseForm busy={busy} onCancel={() => setAsking(null)} onConfirm={(reason) => transition("closed", { reason })} />}
          {asking === "superseded" && (
            <SupersedeForm
              projectId={projectId}
              briefId={briefId}
              busy={busy}
              onCancel={() => setAsking(null)}
              onConfirm={(successorBriefId) => transition("superseded", successorBriefId ? { successorBriefId } : {})}
            />
          )}
        </div>
      )}

      <ApprovalsSummary approvals={approvals} />
    </section>
  );
}
