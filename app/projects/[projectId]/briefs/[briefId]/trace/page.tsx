import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { notFoundIfDenied } from "@/app/_web/not-found-if-denied";
import { AppHeader } from "@/components/app-header";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { ProofOverview } from "@/components/trace/proof-overview";
import { TraceView } from "@/components/trace/trace-view";
import { LiveRefresh } from "@/components/live/live-refresh";
import { buttonClassName } from "@/components/ui/button";
import { requireWebActor } from "@/lib/auth/session-gate";
import { getBriefStamp } from "@/lib/briefs/get-brief-stamp";
import { isReadOnlyState } from "@/lib/briefs/lifecycle";
import { getProject } from "@/lib/projects/get-project";
import { roleAllows } from "@/lib/projects/project-access";
import { getTrace } from "@/lib/trace/get-trace";

export const dynamic = "force-dynamic";

type Params = { projectId: string; briefId: string };

const loadTrace = cache(async (projectId: string, briefId: string) => {
  const actor = await requireWebActor(`/projects/${projectId}/briefs/${briefId}/trace`);
  const stamp = await notFoundIfDenied(getBriefStamp(actor, briefId));
  // The same page for a brief of another project as for one that does not exist.
  if (stamp.projectId !== projectId) notFound();
  const [project, trace] = await notFoundIfDenied(Promise.all([getProject(actor, projectId), getTrace(actor, { briefId })]));
  return { actor, stamp, project, trace };
});

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { projectId, briefId } = await params;
  const { stamp } = await loadTrace(projectId, briefId);
  return { title: `Trace · ${stamp.title}` };
}

/** Whether done is proven: each requirement followed to its tickets, criteria and evidence, and every gap on the way. */
export default async function TracePage({ params }: { params: Promise<Params> }) {
  const { projectId, briefId } = await params;
  const { actor, stamp, project, trace } = await loadTrace(projectId, briefId);
  const briefPath = `/projects/${projectId}/briefs/${briefId}`;
  const changeable = !isReadOnlyState(stamp.state);
  const links = {
    briefPath,
    canDraft: changeable && roleAllows(project.role, "propose"),
    canProve: changeable && roleAllows(project.role, "write"),
  };
  return (
    <>
      <AppHeader actor={actor} />
      {/* A new work-order entry, evidence or a pull request's change (lib/github touches the brief) shows without reloading. */}
      <LiveRefresh projectId={projectId} />
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-6">
        <div className="space-y-2">
          <Breadcrumbs items={[{ label: "Projects", href: "/projects" }, { label: project.name, href: `/projects/${projectId}` }, { label: stamp.title, href: briefPath }, { label: "Trace" }]} />
          <h1 className="text-2xl font-semibold text-slate-900">Trace</h1>
          <p className="text-sm text-slate-600">
            How each requirement of version {trace.versionNum} reaches its proof: the tickets that implement it, the acceptance criteria they bind and the evidence for each.
          </p>
          <ProofOverview proof={trace.proof} />
        </div>
        <TraceView trace={trace} links={links} />
        <div>
          <Link href={briefPath} className={buttonClassName("secondary")}>
            Back to the brief
          </Link>
        </div>
      </main>
    </>
  );
}
