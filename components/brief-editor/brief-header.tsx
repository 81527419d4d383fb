import Link from "next/link";
import type { ReactNode } from "react";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { BriefStateBadge } from "@/components/brief-state-badge";
import { ProofCount } from "@/components/trace/proof-count";
import { formatDateTime } from "@/components/ui/date-format";
import type { BriefState } from "@/lib/briefs/schema";

/**
 * Where the brief sits, its title and state, and which version the page shows, with the page's
 * actions beside them. Printed, only the title, state and version remain.
 */
export function BriefHeader({
  projectId,
  briefId,
  projectName,
  title,
  state,
  versionNum,
  lastSavedBy,
  updatedAt,
  viewer,
  reviewer,
  openProposals,
  proof,
  canShare,
  actions,
}: {
  projectId: string;
  briefId: string;
  projectName: string;
  title: string;
  state: BriefState;
  versionNum: number;
  lastSavedBy: string | undefined;
  updatedAt: string | undefined;
  viewer: boolean;
  reviewer: boolean;
  /** Proposals waiting for a decision, shown as a badge that leads to them. */
  openProposals: number;
  /** How many criteria that need proof are proven, beside a link to the trace that explains it. */
  proof: { proven: number; needed: number };
  /** Owners and editors make read-only links to the brief. */
  canShare: boolean;
  actions: ReactNode;
}) {
  return (
    <>
      <div className="print:hidden">
        <Breadcrumbs items={[{ label: "Projects", href: "/projects" }, { label: projectName, href: `/projects/${projectId}` }, { label: title }]} />
      </div>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="min-w-0 wrap-anywhere text-2xl font-semibold text-slate-900">{title}</h1>
            <BriefStateBadge state={state} />
            <Link
              href={`/projects/${projectId}/briefs/${briefId}/proposals`}
              className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset print:hidden ${openProposals ? "bg-amber-50 text-amber-900 ring-amber-300" : "bg-slate-50 text-slate-600 ring-slate-200"}`}
              data-testid="proposals-badge"
            >
              Proposals <span aria-label={`${openProposals} open`}>{openProposals}</span>
            </Link>
            <Link
              href={`/projects/${projectId}/briefs/${briefId}/trace`}
              className="rounded-full bg-slate-50 px-2.5 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-inset ring-slate-200 print:hidden"
              data-testid="trace-link"
            >
              Trace
            </Link>
            {canShare && (
              <Link
                prefetch={false}
                href={`/projects/${projectId}/briefs/${briefId}/shares`}
                className="rounded-full bg-slate-50 px-2.5 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-inset ring-slate-200 print:hidden"
              >
                Share
              </Link>
            )}
            <ProofCount proof={proof} className="text-sm text-slate-600 print:hidden" />
          </div>
          <p className="mt-1 wrap-anywhere text-sm text-slate-600" data-testid="brief-version">
            Version {versionNum}
            {lastSavedBy ? ` · last saved by ${lastSavedBy}` : ""}
            {updatedAt ? ` · updated ${formatDateTime(updatedAt)}` : ""}
            {viewer && <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-700 print:hidden">Read only · viewer</span>}
            {reviewer && <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 print:hidden">Reviewer · your edits become proposals</span>}
          </p>
        </div>
        {actions}
      </div>
    </>
  );
}
