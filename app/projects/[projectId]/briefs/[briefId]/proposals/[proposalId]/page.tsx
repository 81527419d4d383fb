import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { notFoundIfDenied } from "@/app/_web/not-found-if-denied";
import { AppHeader } from "@/components/app-header";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { MarkdownText } from "@/components/markdown/markdown-text";
import { ProposalDecisionForm } from "@/components/proposals/proposal-decision-form";
import { ProposalQuality } from "@/components/proposals/proposal-quality";
import { ProposalStatusBadge } from "@/components/proposals/proposal-status-badge";
import { proposalQualityChange } from "@/components/proposals/quality-change";
import { getProjectQuality } from "@/lib/quality/project-quality";
import { listSuppressions } from "@/lib/quality/list-suppressions";
import { SectionChangeView, sectionLabel } from "@/components/proposals/section-change-view";
import { HeadedSection } from "@/components/ui/headed-section";
import { buttonClassName } from "@/components/ui/button";
import { formatDateTime } from "@/components/ui/date-format";
import { requireWebActor } from "@/lib/auth/session-gate";
import { DomainError } from "@/lib/errors";
import { getProject } from "@/lib/projects/get-project";
import { getProposalReview } from "@/lib/proposals/get-proposal-review";

export const dynamic = "force-dynamic";

type Params = { projectId: string; briefId: string; proposalId: string };

const loadReview = cache(async (projectId: string, briefId: string, proposalId: string) => {
  const actor = await requireWebActor(`/projects/${projectId}/briefs/${briefId}/proposals/${proposalId}`);
  let review;
  try {
    review = await notFoundIfDenied(getProposalReview(actor, { briefId, proposalId }));
  } catch (error) {
    // A proposal the brief does not have is as unknown as a brief the reader may not see.
    if (error instanceof DomainError && error.code === "VALIDATION_ERROR") notFound();
    throw error;
  }
  if (review.brief.projectId !== projectId) notFound();
  const [project, rules, suppressions] = await notFoundIfDenied(Promise.all([getProject(actor, projectId), getProjectQuality(actor, projectId), listSuppressions(actor, briefId)]));
  return { actor, review, project, quality: { rules, suppressions } };
});

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { projectId, briefId, proposalId } = await params;
  const { review } = await loadReview(projectId, briefId, proposalId);
  return { title: `Proposal · ${review.brief.title}` };
}

/**
 * One proposal, reviewed against the brief's current version: its summary, author and base; per
 * changed section what accepting would make of it (words for text, items for lists, Markdown
 * rendered), conflicts side by side; and the decision.
 */
export default async function ProposalPage({ params }: { params: Promise<Params> }) {
  const { projectId, briefId, proposalId } = await params;
  const { actor, review, project, quality: checkedWith } = await loadReview(projectId, briefId, proposalId);
  const { brief, proposal, sections } = review;
  const briefHref = `/projects/${projectId}/briefs/${briefId}`;
  const listHref = `${briefHref}/proposals`;
  const open = proposal.status === "open";
  // An open proposal is judged by what accepting would make of each section; a conflicting section by what it proposes.
  const quality = proposalQualityChange(
    sections.map((s) => ({ key: s.key, current: s.current, after: open && s.afterAccept !== null ? s.afterAccept : s.proposed })),
    checkedWith,
  );

  return (
    <>
      <AppHeader actor={actor} />
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-6">
        <div>
          <Breadcrumbs items={[{ label: "Projects", href: "/projects" }, { label: project.name, href: `/projects/${projectId}` }, { label: brief.title, href: briefHref }, { label: "Proposal" }]} />
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold text-slate-900">Proposal</h1>
            <ProposalStatusBadge proposal={proposal} />
          </div>
          <p className="mt-1 text-sm text-slate-600" data-testid="proposal-origin">
            {proposal.legacy ? (
              <>A free-form item from before proposals had a base · {formatDateTime(proposal.createdAt)}</>
            ) : (
              <>
                by <span className="font-medium text-slate-800">{proposal.author}</span> · written against version {proposal.baseVersionNum} · {formatDateTime(proposal.createdAt)} · the brief is at version {brief.versionNum}
              </>
            )}
          </p>
          {!open && proposal.decidedBy && (
            <p className="mt-1 text-sm text-slate-600" data-testid="proposal-decision">
              {proposal.status === "accepted" ? "Accepted" : proposal.status === "withdrawn" ? "Withdrawn" : "Rejected"} by {proposal.decidedBy} · {formatDateTime(proposal.decidedAt)}
              {proposal.versionNum !== undefined && <> · version {proposal.versionNum}</>}
              {proposal.declinedSections?.length ? <> · declined: {proposal.declinedSections.map(sectionLabel).join(", ")}</> : null}
              {proposal.reason && <> · “{proposal.reason}”</>}
            </p>
          )}
          {proposal.supersededBy && (
            <p className="mt-1 text-sm text-slate-600">
              Replaced by{" "}
              <Link className="text-indigo-700 underline" href={`${listHref}/${proposal.supersededBy}`}>
                a newer proposal
              </Link>
              .
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Link href={briefHref} className={buttonClassName("secondary")}>
              Back to the brief
            </Link>
            <Link href={listHref} className={buttonClassName("ghost")}>
              All proposals
            </Link>
          </div>
        </div>

        <HeadedSection headingId="summary-heading" title="Summary" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" headingClassName="mb-2 text-lg font-semibold text-slate-900">
          {typeof proposal.summary === "string" ? <MarkdownText text={proposal.summary} /> : <pre className="overflow-auto text-xs">{JSON.stringify(proposal, null, 2)}</pre>}
        </HeadedSection>

        {sections.length > 0 && (
          <section aria-labelledby="changes-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
            <div>
              <h2 id="changes-heading" className="text-lg font-semibold text-slate-900">
                {open ? `What accepting changes in version ${brief.versionNum}` : "What it proposed"}
              </h2>
              {open && proposal.overlapsWith?.length ? (
                <p className="mt-1 text-sm text-amber-800">
                  {proposal.overlapsWith.length === 1 ? "Another open proposal touches" : `${proposal.overlapsWith.length} other open proposals touch`} the same items:{" "}
                  {proposal.overlapsWith.map((id, i) => (
                    <span key={id}>
                      {i > 0 && ", "}
                      <Link className="underline" href={`${listHref}/${id}`}>
                        {id.slice(-6)}
                      </Link>
                    </span>
                  ))}
                </p>
              ) : null}
            </div>
            <ol className="space-y-6">
              {sections.map((section) => (
                <li key={section.key} data-testid={`proposal-section-${section.key}`}>
                  <SectionChangeView section={open ? section : { ...section, afterAccept: section.proposed, conflicts: [] }} />
                </li>
              ))}
            </ol>
          </section>
        )}

        {sections.length > 0 && <ProposalQuality {...quality} />}

        {(review.canDecide || review.canWithdraw) && (
          <section aria-labelledby="decide-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
            <h2 id="decide-heading" className="mb-3 text-lg font-semibold text-slate-900">
              Decide
            </h2>
            <ProposalDecisionForm
              briefId={briefId}
              proposalId={proposal.id}
              sections={sections.map((s) => ({ key: s.key, conflicting: s.conflicts.length > 0 }))}
              canDecide={review.canDecide}
              canWithdraw={review.canWithdraw}
              legacy={proposal.legacy === true}
            />
          </section>
        )}
      </main>
    </>
  );
}
