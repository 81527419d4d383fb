import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { notFoundIfDenied } from "@/app/_web/not-found-if-denied";
import { AppHeader } from "@/components/app-header";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { ProposalList } from "@/components/proposals/proposal-list";
import { buttonClassName } from "@/components/ui/button";
import { requireWebActor } from "@/lib/auth/session-gate";
import { getBriefStamp } from "@/lib/briefs/get-brief-stamp";
import { listCollection } from "@/lib/briefs/list-collection";
import { DomainError } from "@/lib/errors";
import { getProject } from "@/lib/projects/get-project";
import type { ProposalItem } from "@/lib/proposals/proposal-schema";
import { SHORT_PAGE_SIZE } from "@/lib/contract/bounds";

export const dynamic = "force-dynamic";

type Params = { projectId: string; briefId: string };
type Search = { cursor?: string | string[] };

const loadProposals = cache(async (projectId: string, briefId: string, cursor: string | undefined) => {
  const actor = await requireWebActor(`/projects/${projectId}/briefs/${briefId}/proposals`);
  const stamp = await notFoundIfDenied(getBriefStamp(actor, briefId));
  // The same page for a brief of another project as for one that does not exist.
  if (stamp.projectId !== projectId) notFound();
  const project = await notFoundIfDenied(getProject(actor, projectId));
  let page;
  try {
    page = await notFoundIfDenied(listCollection(actor, { briefId, collection: "proposals", cursor, limit: SHORT_PAGE_SIZE }));
  } catch (error) {
    if (error instanceof DomainError && error.code === "INVALID_CURSOR") notFound();
    throw error;
  }
  return { actor, stamp, project, page };
});

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { projectId, briefId } = await params;
  const { stamp } = await loadProposals(projectId, briefId, undefined);
  return { title: `Proposals · ${stamp.title}` };
}

/** Every proposal of a brief, newest first, a page at a time. */
export default async function ProposalsPage({ params, searchParams }: { params: Promise<Params>; searchParams: Promise<Search> }) {
  const { projectId, briefId } = await params;
  const { cursor } = await searchParams;
  if (Array.isArray(cursor)) notFound();
  const { actor, stamp, project, page } = await loadProposals(projectId, briefId, cursor);
  const briefHref = `/projects/${projectId}/briefs/${briefId}`;
  return (
    <>
      <AppHeader actor={actor} />
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-6">
        <div>
          <Breadcrumbs items={[{ label: "Projects", href: "/projects" }, { label: project.name, href: `/projects/${projectId}` }, { label: stamp.title, href: briefHref }, { label: "Proposals" }]} />
          <h1 className="mt-2 text-2xl font-semibold text-slate-900">Proposals</h1>
          <p className="mt-1 text-sm text-slate-600">Changes suggested for this brief. An editor or owner accepts or rejects each one; accepting writes a new version.</p>
        </div>
        <ProposalList proposals={page.items as ProposalItem[]} hrefOf={(id) => `${briefHref}/proposals/${id}`} />
        <div className="flex gap-2">
          <Link href={briefHref} className={buttonClassName("secondary")}>
            Back to the brief
          </Link>
          {page.nextCursor && (
            <Link href={`${briefHref}/proposals?cursor=${encodeURIComponent(page.nextCursor)}`} className={buttonClassName("ghost")}>
              Older proposals
            </Link>
          )}
        </div>
      </main>
    </>
  );
}
