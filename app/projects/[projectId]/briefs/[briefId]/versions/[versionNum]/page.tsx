import type { Metadata } from "next";
import { Breadcrumbs } from "@/components/breadcrumbs";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { notFoundIfDenied } from "@/app/_web/not-found-if-denied";
import { AppHeader } from "@/components/app-header";
import { BriefStateBadge } from "@/components/brief-state-badge";
import { ContentView } from "@/components/brief-editor/content-view";
import { DiffView } from "@/components/brief-editor/diff-view";
import { formatDateTime } from "@/components/ui/date-format";
import { diffContents } from "@/components/brief-editor/section-diff";
import { Badge } from "@/components/ui/badge";
import { buttonClassName } from "@/components/ui/button";
import { requireWebActor } from "@/lib/auth/session-gate";
import { getBriefFull } from "@/lib/briefs/get-brief-full";
import { getBriefVersion } from "@/lib/briefs/get-brief-version";
import { DomainError } from "@/lib/errors";
import { getProject } from "@/lib/projects/get-project";

export const dynamic = "force-dynamic";

type Params = { projectId: string; briefId: string; versionNum: string };

/** A version the brief never had is as unknown as a brief the reader may not see. */
async function versionOrNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await notFoundIfDenied(read);
  } catch (error) {
    if (error instanceof DomainError && error.code === "VALIDATION_ERROR") notFound();
    throw error;
  }
}

const loadVersion = cache(async (projectId: string, briefId: string, versionParam: string) => {
  const actor = await requireWebActor(`/projects/${projectId}/briefs/${briefId}/versions/${versionParam}`);
  const versionNum = Number(versionParam);
  if (!/^\d+$/.test(versionParam) || !Number.isSafeInteger(versionNum) || versionNum < 1) notFound();
  const current = await notFoundIfDenied(getBriefFull(actor, { briefId }));
  if (current.brief.projectId !== projectId) notFound();
  const { version } = await versionOrNotFound(getBriefVersion(actor, { briefId, versionNum }));
  const project = await notFoundIfDenied(getProject(actor, projectId));
  return { actor, current, version, project };
});

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { projectId, briefId, versionNum } = await params;
  const { current, version } = await loadVersion(projectId, briefId, versionNum);
  return { title: `Version ${version.versionNum} · ${current.brief.title}` };
}

export default async function BriefVersionPage({ params }: { params: Promise<Params> }) {
  const { projectId, briefId, versionNum } = await params;
  const { actor, current, version, project } = await loadVersion(projectId, briefId, versionNum);
  const brief = current.brief;
  const isCurrent = version.versionNum === brief.versionNum;
  const changes = diffContents(version.content, brief.content);
  const editorHref = `/projects/${projectId}/briefs/${briefId}`;
  const versionHref = (n: number) => `${editorHref}/versions/${n}`;

  return (
    <>
      <AppHeader actor={actor} />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-6">
        <div>
          <Breadcrumbs items={[{ label: "Projects", href: "/projects" }, { label: project.name, href: `/projects/${projectId}` }, { label: brief.title, href: editorHref }, { label: `Version ${version.versionNum}` }]} />
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold text-slate-900">Version {version.versionNum}</h1>
            {version.baseline && <Badge tone="progress">Baseline</Badge>}
            {isCurrent ? <Badge tone="success">Current</Badge> : <Badge tone="muted">Read only</Badge>}
          </div>
          <p className="mt-1 text-sm text-slate-600">
            of <span className="font-medium text-slate-800">{brief.title}</span> · saved by {version.createdBy} via {version.via} · {formatDateTime(version.createdAt)}
          </p>
          <p className="mt-1 break-all font-mono text-xs text-slate-400">{version.hash}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link href={editorHref} className={buttonClassName("secondary")}>
              Back to the brief
            </Link>
            {version.versionNum > 1 && (
              <Link href={versionHref(version.versionNum - 1)} className={buttonClassName("ghost")}>
                ← Version {version.versionNum - 1}
              </Link>
            )}
            {version.versionNum < brief.versionNum && (
              <Link href={versionHref(version.versionNum + 1)} className={buttonClassName("ghost")}>
                Version {version.versionNum + 1} →
              </Link>
            )}
          </div>
        </div>

        <section aria-labelledby="diff-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id="diff-heading" className="text-lg font-semibold text-slate-900">
            {isCurrent ? "Compared with the current version" : `Changes from version ${version.versionNum} to the current version ${brief.versionNum}`}
          </h2>
          <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
            The brief is now <BriefStateBadge state={brief.state} />
          </p>
          <div className="mt-4">
            <DiffView changes={changes} emptyText={isCurrent ? "This is the current version." : "The content is the same as the current version."} />
          </div>
        </section>

        <div>
          <h2 className="mb-3 text-lg font-semibold text-slate-900">Content of version {version.versionNum}</h2>
          <ContentView content={version.content} />
        </div>
      </main>
    </>
  );
}
