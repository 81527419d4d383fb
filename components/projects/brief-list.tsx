"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { listMoreBriefsAction, type BriefPage } from "@/components/projects/actions";
import type { BriefListItem } from "@/lib/briefs/list-briefs-with-progress";
import type { BriefState } from "@/lib/briefs/schema";
import { BriefStateBadge } from "../brief-state-badge";
import { ProofCount } from "../trace/proof-count";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { RelativeTime } from "../ui/relative-time";

/**
 * The project's briefs, most recently changed first. The first page comes from the server;
 * "Load more" appends the next ones with the same filters. The parent keys this by the filters.
 */
export function BriefList({
  projectId,
  state,
  titleContains,
  firstPage,
}: {
  projectId: string;
  state?: BriefState;
  titleContains?: string;
  firstPage: BriefPage;
}) {
  const [items, setItems] = useState<BriefListItem[]>(firstPage.items);
  const [nextCursor, setNextCursor] = useState(firstPage.nextCursor);
  // A fresh first page from the server (a change elsewhere, shown live) replaces the first page
  // and keeps what "Load more" added after it: a brief that moved up shows once, in its new place,
  // and the next "Load more" carries on where the last one stopped.
  const [shownPage, setShownPage] = useState(firstPage);
  if (shownPage !== firstPage) {
    const loadedMore = items.length > shownPage.items.length;
    const fresh = new Set(firstPage.items.map((b) => b.id));
    setShownPage(firstPage);
    setItems(loadedMore ? [...firstPage.items, ...items.filter((b) => !fresh.has(b.id))] : firstPage.items);
    if (!loadedMore) setNextCursor(firstPage.nextCursor);
  }
  const [error, setError] = useState<string | null>(null);
  const [loading, startLoading] = useTransition();

  function loadMore() {
    if (!nextCursor) return;
    startLoading(async () => {
      const page = await listMoreBriefsAction({ projectId, state, titleContains, cursor: nextCursor });
      if (!page.ok) {
        setError(page.error.message);
        return;
      }
      setError(null);
      // A brief edited meanwhile may come round again; show each once.
      setItems((current) => {
        const seen = new Set(current.map((b) => b.id));
        return [...current, ...page.data.items.filter((b) => !seen.has(b.id))];
      });
      setNextCursor(page.data.nextCursor);
    });
  }

  return (
    <div className="space-y-3">
      <ul aria-label="Briefs" className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
        {items.map((brief) => (
          <li key={brief.id}>
            {/* The title has the row's full width, wrapping rather than cut; the meta wraps under it. */}
            <Link
              href={`/projects/${projectId}/briefs/${brief.id}`}
              className="flex flex-col gap-1.5 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
            >
              <span className="font-medium text-indigo-700 wrap-anywhere" title={brief.title} data-testid="brief-title">
                {brief.title}
              </span>
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                <BriefStateBadge state={brief.state} />
                <span aria-label={`version ${brief.versionNum}`}>v{brief.versionNum}</span>
                {brief.checklist && <ChecklistProgressNote checked={brief.checklist.checked} total={brief.checklist.total} />}
                <ProofCount proof={brief.proof} />
                {brief.openProposals > 0 && (
                  <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-inset ring-amber-300" data-testid="brief-open-proposals">
                    {brief.openProposals} open proposal{brief.openProposals === 1 ? "" : "s"}
                  </span>
                )}
                {brief.qualityFindings > 0 && (
                  <span className="rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-rose-900 ring-1 ring-inset ring-rose-200" data-testid="brief-quality-findings">
                    {brief.qualityFindings} quality finding{brief.qualityFindings === 1 ? "" : "s"}
                  </span>
                )}
                <span>
                  <span className="sr-only">Changed </span>
                  <RelativeTime value={brief.updatedAt} />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {error && <Alert>{error}</Alert>}
      {nextCursor && (
        <div className="flex justify-center">
          <Button type="button" variant="secondary" onClick={loadMore} disabled={loading}>
            {loading ? "Loading…" : "Load more"}
          </Button>
        </div>
      )}
    </div>
  );
}

/** "7 of 12 checked": QA's progress on the brief's current version. */
function ChecklistProgressNote({ checked, total }: { checked: number; total: number }) {
  return (
    <span className={`inline-flex items-center gap-1.5 ${checked === total ? "text-emerald-700" : ""}`} data-testid="brief-checklist-progress">
      <span aria-hidden className="h-1.5 w-10 overflow-hidden rounded-full bg-slate-200">
        <span className="block h-full rounded-full bg-emerald-500" style={{ width: `${(checked / total) * 100}%` }} />
      </span>
      {checked} of {total} checked
    </span>
  );
}
