import Link from "next/link";
import { MarkdownText } from "@/components/markdown/markdown-text";
import { formatDateTime } from "@/components/ui/date-format";
import type { ProposalItem } from "@/lib/proposals/proposal-schema";
import { ProposalStatusBadge } from "./proposal-status-badge";
import { sectionLabel } from "./section-change-view";

/** Proposals newest first, each with its status, author, summary and the sections it changes. */
export function ProposalList({ proposals, hrefOf }: { proposals: ProposalItem[]; hrefOf: (id: string) => string }) {
  if (!proposals.length) return <p className="text-sm text-slate-600">No proposals yet. Reviewers and agents suggest changes here for an editor to accept.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Proposals">
      {proposals.map((p) => (
        <li key={p.id} className="space-y-1 p-4" data-testid="proposal-row">
          <div className="flex flex-wrap items-center gap-2">
            <Link href={hrefOf(p.id)} className="font-medium text-indigo-700 underline">
              {p.legacy ? "Legacy proposal" : `Proposal by ${p.author}`}
            </Link>
            <ProposalStatusBadge proposal={p} />
            <span className="text-xs text-slate-500">{formatDateTime(p.createdAt)}</span>
          </div>
          {typeof p.summary === "string" && <MarkdownText text={p.summary} inline className="text-sm text-slate-700" />}
          {p.changedSections?.length ? <p className="text-xs text-slate-600">Changes: {p.changedSections.map(sectionLabel).join(", ")}{p.baseVersionNum !== undefined && ` · against version ${p.baseVersionNum}`}</p> : null}
        </li>
      ))}
    </ul>
  );
}
