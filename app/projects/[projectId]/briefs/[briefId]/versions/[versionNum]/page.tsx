import type { Metadata } from "next";
import { Breadcrumbs } from "@/components/breadcrumbs";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { notFoundIfDenied } from "@/app/_web/not-found-if-denied";
import { AppHeader } from "@/components/app-header";
import { BriefStateBadge } from "@/components/brief-state-badge";
import { BriefDocument } from "@/components/brief-editor/read/brief-document";
import { DiffView } from "@/components/brief-editor/diff-view";
import { CompareForm } from "@/components/brief-editor/history/compare-form";
import { RestoreVersion } from "@/components/brief-editor/history/restore-version";
import { originText } from "@/components/brief-editor/history/version-origin";
import { formatDateTime } from "@/components/ui/date-format";
import { diffContents } from "@/components/brief-editor/section-diff";
import { Badge } from "@/components/ui/badge";
import { buttonClassName } from "@/components/ui/button";
import type { Actor } from "@/lib/auth/actor";
import { requireWebActor } from "@/lib/auth/session-gate";
import { getBriefFull } from "@/lib/briefs/get-brief-full";
import { getBriefVersion } from "@/lib/briefs/get-brief-version";
import { isReadOnlyState } from "@/lib/briefs/lifecycle";
import { DomainError } from "@/lib/errors";
import { getProject } from "@/lib/projects/get-project";
import { roleAllows } from "@/lib/projects/project-access";

export const dynamic = "force-dynamic";

type Params = { projectId: string; briefId: string; versionNum: string };
type Search = { compare?: string | string[]; from?: string | string[] };

/** A version the brief never had is as unknown as a brief the reader may not see. */
async function versionOrNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await notFoundIfDenied(read);
  } catch (error) {
    if (error instanceof DomainError && error.code === "VALIDATION_ERROR") notFound();
    throw error;
  }
}

/** A version number from the URL, or notFound() for anything else ("1e3", "-1", "0", two values). */
function versionParam(value: string | string[] | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== "string" || !/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) notFound();
  return n;
}

const loadVersion = cache(async (projectId: string, briefId: string, versionText: string) => {
  const actor = await requireWebActor(`/projects/${projectId}/briefs/${briefId}/versions/${versionText}`);
  const versionNum = versionParam(versionText)!;
  const current = await notFoundIfDenied(getBriefFull(actor, { briefId }));
  if (current.brief.projectId !== projectId) notFound();
  const { version } = await versionOrNotFound(getBriefVersion(actor, { briefId, versionNum }));
  const project = await notFoundIfDenied(getProject(actor, projectId));
  return { actor, current, version, project };
});

/** The content to compare with: the current content, or another version's. */
async function contentOf(actor: Actor, current: Awaited<ReturnType<typeof loadVersion>>["current"], versionNum: number) {
  if (versionNum === current.brief.versionNum) return current.brief.content;
  return (await versionOrNotFound(getBriefVersion(actor, { briefId: current.brief.id, versionNum }))).version.content;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { projectId, briefId, versionNum } = await params;
  const { current, version } = await loadVersion(projectId, briefId, versionNum);
  return { title: `Version ${version.versionNum} · ${current.brief.title}` };
}

/**
 * One version, read-only: what changed between it and another version (the current one unless
 * `?compare=<n>` names another), its content, and for people who may edit, "Restore this version".
 */
export default async function BriefVersionPage({ params, searchParams }: { params: Promise<Params>; searchParams: Promise<Search> }) {
  const { projectId, briefId, versionNum } = await params;
  const search = await searchParams;
  const { actor, current, version, project } = await loadVersion(projectId, briefId, versionNum);
  const brief = current.brief;
  const editorHref = `/projects/${projectId}/briefs/${briefId}`;
  const versionsHref = `${editorHref}/versions`;
  const versionHref = (n: number) => `${versionsHref}/${n}`;

  const to = versionParam(search.compare) ?? brief.versionNum;
  // The compare form's plain submit names the "from" version in the query; the address names it in the path.
  const from = versionParam(search.from);
  if (from !== undefined && from !== version.versionNum) redirect(`${versionHref(from)}?compare=${to}`);
  const changes = diffContents(version.content, await contentOf(actor, current, to));

  const isCurrent = version.versionNum === brief.versionNum;
  const canRestore = !isCurrent && roleAllows(current.lifecycle.yourRole, "write") && !isReadOnlyState(brief.state);
  const toText = to === brief.versionNum ? `the current version ${to}` : `version ${to}`;

  return (
    <>
      <AppHeader actor={actor} />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-6">
        <div>
          <Breadcrumbs items={[{ label: "Projects", href: "/projects" }, { label: project.name, href: `/projects/${projectId}` }, { label: brief.title, href: editorHref }, { label: `Version ${version.versionNum}` }]} />
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold text-slate-900">Version {version.versionNum}</h1>
            {version.baseline && <Badge tone="progress">Baseline</Badge>}
            {version.restoredFrom !== null && <Badge tone="info">Restored version {version.restoredFrom}</Badge>}
            {isCurrent ? <Badge tone="success">Current</Badge> : <Badge tone="muted">Read only</Badge>}
          </div>
          <p className="mt-1 text-sm text-slate-600">
            of <span className="font-medium text-slate-800">{brief.title}</span> · saved by <span data-testid="version-origin">{originText(version.createdBy, version.via)}</span> ·{" "}
            {formatDateTime(version.createdAt)}
          </p>
          <p className="mt-1 break-all font-mono text-xs text-slate-600">{version.hash}</p>
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
            {version.versionNum > 1 && (
              <Link href={`${versionHref(version.versionNum - 1)}?compare=${version.versionNum}`} className={buttonClassName("ghost")}>
                What this version changed
              </Link>
            )}
          </div>
          {canRestore && (
            <div className="mt-3">
              <RestoreVersion briefId={briefId} versionNum={version.versionNum} currentVersionNum={brief.versionNum} versionsHref={versionsHref} editorHref={editorHref} />
            </div>
          )}
        </div>

        <section aria-labelledby="diff-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <div>
            <h2 id="diff-heading" className="text-lg font-semibold text-slate-900">
              {version.versionNum === to ? `Version ${to} compared with itself` : `Changes from version ${version.versionNum} to ${toText}`}
            </h2>
            <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
              The brief is now <BriefStateBadge state={brief.state} />
            </p>
          </div>
          <CompareForm versionsHref={versionsHref} from={version.versionNum} to={to} latest={brief.versionNum} />
          <DiffView
            changes={changes}
            emptyText={version.versionNum === to ? "Pick two different versions to see what changed between them." : `The content of version ${version.versionNum} and ${toText} is the same.`}
          />
        </section>

        <div>
          <h2 className="mb-3 text-lg font-semibold text-slate-900">Content of version {version.versionNum}</h2>
          <BriefDocument content={version.content} empty={<p className="text-sm text-slate-600">This version has no content.</p>} />
        </div>
      </main>
    </>
  );
}
