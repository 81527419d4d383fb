import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { notFoundIfDenied } from "@/app/_web/not-found-if-denied";
import { AppHeader } from "@/components/app-header";
import { BriefEditor } from "@/components/brief-editor/brief-editor";
import { initialViewOf } from "@/components/brief-editor/view-url";
import { requireWebActor } from "@/lib/auth/session-gate";
import { getBriefPageData } from "@/lib/live/brief-page-data";
import { getProject } from "@/lib/projects/get-project";

export const dynamic = "force-dynamic";

type Params = { projectId: string; briefId: string };
type Search = { mode?: string | string[]; section?: string | string[] };

/**
 * The brief, or notFound() for one the person may not see or that belongs to another project than
 * the URL says — the same page either way, so the URL never tells whether a brief exists.
 */
const loadBrief = cache(async (projectId: string, briefId: string) => {
  const actor = await requireWebActor(`/projects/${projectId}/briefs/${briefId}`);
  // The same data, read the same way, as the page fetches on each live change (lib/live).
  const { data, trace, changeSeq, quality } = await notFoundIfDenied(getBriefPageData(actor, briefId));
  if (data.brief.projectId !== projectId) notFound();
  const project = await notFoundIfDenied(getProject(actor, projectId));
  return { actor, data, project, trace, changeSeq, quality };
});

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { projectId, briefId } = await params;
  const { data } = await loadBrief(projectId, briefId);
  return { title: data.brief.title };
}

export default async function BriefPage({ params, searchParams }: { params: Promise<Params>; searchParams: Promise<Search> }) {
  const { projectId, briefId } = await params;
  const { actor, data, project, trace, changeSeq, quality } = await loadBrief(projectId, briefId);
  return (
    <>
      <div className="print:hidden">
        <AppHeader actor={actor} />
      </div>
      <main>
        <BriefEditor data={data} changeSeq={changeSeq} trace={trace} quality={quality} projectId={projectId} projectName={project.name} initialView={initialViewOf(await searchParams)} />
      </main>
    </>
  );
}

