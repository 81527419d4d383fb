import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { notFoundIfDenied } from "@/app/_web/not-found-if-denied";
import { AppHeader } from "@/components/app-header";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { CreateShareForm } from "@/components/shares/create-share-form";
import { ShareList } from "@/components/shares/share-list";
import { EmptyState } from "@/components/ui/empty-state";
import { requireWebActor } from "@/lib/auth/session-gate";
import { getBriefStamp } from "@/lib/briefs/get-brief-stamp";
import { appOrigin } from "@/lib/config/app-origin";
import { getProject } from "@/lib/projects/get-project";
import { roleAllows } from "@/lib/projects/project-access";
import { listShares } from "@/lib/shares/manage-shares";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Share" };

type Params = { projectId: string; briefId: string };

/** A brief's read-only links, for those who may edit it: make one, see every one, revoke. */
export default async function SharesPage({ params }: { params: Promise<Params> }) {
  const { projectId, briefId } = await params;
  const actor = await requireWebActor(`/projects/${projectId}/briefs/${briefId}/shares`);
  const stamp = await notFoundIfDenied(getBriefStamp(actor, briefId));
  if (stamp.projectId !== projectId) notFound();
  const project = await notFoundIfDenied(getProject(actor, projectId));
  if (!roleAllows(project.role, "write")) notFound();
  const shares = await notFoundIfDenied(listShares(actor, briefId));
  return (
    <>
      <AppHeader actor={actor} />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8">
        <div className="space-y-2">
          <Breadcrumbs
            items={[
              { label: "Projects", href: "/projects" },
              { label: project.name, href: `/projects/${projectId}` },
              { label: stamp.title, href: `/projects/${projectId}/briefs/${briefId}` },
              { label: "Share" },
            ]}
          />
          <h1 className="text-2xl font-semibold">Share “{stamp.title}”</h1>
          <p className="max-w-3xl text-slate-600">
            A link shows the brief read-only to anyone who has it, without signing in: its sections and QA checklist, and nothing else of the project — no
            comments, members or other briefs. Revoking a link ends it at once.
          </p>
        </div>
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <section aria-labelledby="links-heading" className="min-w-0 space-y-3">
            <h2 id="links-heading" className="text-lg font-medium">
              Links
            </h2>
            {shares.length ? <ShareList projectId={projectId} briefId={briefId} shares={shares} /> : <EmptyState title="No links yet">Make one to show this brief to someone outside the project.</EmptyState>}
          </section>
          <CreateShareForm projectId={projectId} briefId={briefId} versionNum={stamp.versionNum} origin={appOrigin()} />
        </div>
      </main>
    </>
  );
}
