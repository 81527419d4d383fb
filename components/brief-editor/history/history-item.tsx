import Link from "next/link";
import type { ReactNode } from "react";
import { formatDateTime } from "@/components/ui/date-format";
import { CommentItem } from "../comments/comment-item";
import { changedSectionsText } from "./changed-sections";
import type { DecisionHistoryView, GenericView, HistoryEntry, ReviewSessionView, VersionView } from "./history-items";
import { originText } from "./version-origin";

/** One item of a history panel, drawn the way its collection reads best. */
export function HistoryItem({ projectId, briefId, entry }: { projectId: string; briefId: string; entry: HistoryEntry }) {
  switch (entry.kind) {
    case "version":
      return <VersionItem versionsHref={`/projects/${projectId}/briefs/${briefId}/versions`} view={entry.view} />;
    case "approval": {
      const a = entry.view;
      return (
        <div>
          <p className="text-sm">
            {a.approvedBy} approved version {a.versionNum}
            {a.stale && <StaleBadge since={a.staledAtVersionNum} />}
          </p>
          <Meta>{formatDateTime(a.createdAt)}</Meta>
        </div>
      );
    }
    case "comment":
      return <CommentItem view={entry.view} />;
    case "reviewSession":
      return <ReviewSessionItem view={entry.view} />;
    case "decisionChange":
      return <DecisionChangeItem view={entry.view} />;
    case "proposal": {
      const p = entry.view;
      return (
        <div className="text-sm">
          <p>
            <Link href={`/projects/${projectId}/briefs/${briefId}/proposals/${p.id}`} className="font-medium text-indigo-700 hover:underline">
              Proposal by {p.author}
            </Link>{" "}
            · {p.status}
            {p.status === "open" && p.mergeable !== null && <> · {p.mergeable ? "merges cleanly" : "has conflicts"}</>}
            {p.decidedBy && <> by {p.decidedBy}</>}
          </p>
          {p.summary && <p className="mt-0.5 line-clamp-2 text-slate-700">{p.summary}</p>}
          <Meta>{formatDateTime(p.createdAt)}</Meta>
        </div>
      );
    }
    case "generic":
      return <GenericItem view={entry.view} />;
  }
}

function Meta({ children }: { children: ReactNode }) {
  return <p className="mt-0.5 text-xs text-slate-500">{children}</p>;
}

export function StaleBadge({ since }: { since: string }) {
  return <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">stale{since ? ` since version ${since}` : ""}</span>;
}

function VersionItem({ versionsHref, view: v }: { versionsHref: string; view: VersionView }) {
  const num = Number(v.versionNum);
  const sections = changedSectionsText(v.changedSections);
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
      <div className="min-w-0">
        <Link href={`${versionsHref}/${v.versionNum}`} className="font-medium text-indigo-700 hover:underline">
          Version {v.versionNum}
        </Link>
        {v.baseline && <span className="ml-2 rounded bg-indigo-100 px-1.5 py-0.5 text-xs text-indigo-800">baseline</span>}
        {v.restoredFrom && <span className="ml-2 rounded bg-sky-100 px-1.5 py-0.5 text-xs text-sky-900">restored version {v.restoredFrom}</span>}
        {v.importedFrom && (
          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs break-all text-amber-900" data-testid="version-imported-from">
            imported from {v.importedFrom}
          </span>
        )}
        {sections && (
          <p className="mt-0.5 text-sm text-slate-700" data-testid="version-changed-sections">
            {num > 1 ? (
              <>
                Changed{" "}
                <Link href={`${versionsHref}/${num - 1}?compare=${num}`} className="text-indigo-700 underline decoration-indigo-300 hover:decoration-indigo-700" title={`What version ${num} changed`}>
                  {sections}
                </Link>
              </>
            ) : (
              <>Created with {sections}</>
            )}
          </p>
        )}
        <Meta>
          {v.proposalId ? (
            <span data-testid="version-proposal">
              <Link href={`${versionsHref.replace(/\/versions$/, "")}/proposals/${v.proposalId}`} className="underline decoration-slate-300 hover:decoration-slate-600">
                {v.proposedBy || "Someone"}&apos;s proposal
              </Link>
              , accepted by {originText(v.createdBy, v.via)}
            </span>
          ) : (
            originText(v.createdBy, v.via)
          )}{" "}
          · {formatDateTime(v.createdAt)}
        </Meta>
      </div>
      <code className="text-xs text-slate-500" title={v.hash}>
        {v.hash.replace(/^sha256:/, "").slice(0, 10)}
      </code>
    </div>
  );
}

function ReviewSessionItem({ view: r }: { view: ReviewSessionView }) {
  return (
    <div>
      <p className="text-sm">
        Review {r.open ? <span className="font-medium text-amber-800">open</span> : <span>closed{r.outcome ? ` (${r.outcome})` : ""}</span>} · opened at version {r.openedAtVersionNum} by{" "}
        {r.openedBy}
      </p>
      {r.requested.length > 0 && (
        <p className="text-sm text-slate-700">
          Review requested of {r.requested.map((q) => q.label).join(", ")} by {[...new Set(r.requested.map((q) => q.by))].join(", ")}
        </p>
      )}
      <Meta>
        {formatDateTime(r.createdAt)}
        {r.closed ? ` · closed ${formatDateTime(r.closed.at)} by ${r.closed.by} at version ${r.closed.versionNum}` : ""}
      </Meta>
    </div>
  );
}

function DecisionChangeItem({ view: d }: { view: DecisionHistoryView }) {
  return (
    <div className="text-sm">
      <p>
        Version {d.versionNum} · {originText(d.changedBy, d.via)}
      </p>
      <DecisionLines sign="+" lines={d.added} />
      <DecisionLines sign="−" lines={d.removed} />
      <Meta>{formatDateTime(d.createdAt)}</Meta>
    </div>
  );
}

function DecisionLines({ sign, lines }: { sign: "+" | "−"; lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <ul className={`mt-1 space-y-0.5 text-xs ${sign === "+" ? "text-emerald-800" : "text-rose-800"}`}>
      {lines.map((line, i) => (
        <li key={i}>
          {sign} {line}
        </li>
      ))}
    </ul>
  );
}

function GenericItem({ view }: { view: GenericView }) {
  return (
    <div className="text-sm">
      {view.fields.length === 0 ? (
        <p className="text-slate-500">(no fields)</p>
      ) : (
        <dl className="grid grid-cols-[minmax(0,8rem)_1fr] gap-x-3 gap-y-0.5">
          {view.fields.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="truncate text-slate-500">{key}</dt>
              <dd className="min-w-0 whitespace-pre-wrap wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <Meta>
        {view.createdBy} · {formatDateTime(view.createdAt)}
      </Meta>
    </div>
  );
}
