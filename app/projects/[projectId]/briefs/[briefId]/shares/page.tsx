import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { notFoundIfDenied } from "@/app/_web/not-found-if-denied";
import { ProjectSubpage } from "@/components/project-subpage";
import { CreateShareForm } from "@/components/shares/create-share-form";
import { ShareList } from "@/components/shares/share-list";
import { EmptyState } from "@/components/ui/empty-state";
import { HeadedSection } from "@/components/ui/headed-section";
import { getBriefStamp } from "@/lib/briefs/get-brief-stamp";
import { appOrigin } from "@/lib/config/app-origin";
import { listShares } from "@/lib/shares/manage-shares";
import { loadProjectFor } from "../../../load-project";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Share" };

type Params = { projectId: string; briefId: string };

/** A brief's read-only links, for those who may edit it: make one, see every one, revoke. */
export default async function SharesPage({ params }: { params: Promise<Params> }) {
  const { projectId, briefId } = await params;
  const { actor, project } = await loadProjectFor(projectId, "write", `/projects/${projectId}/briefs/${briefId}/shares`);
  const stamp = await notFoundIfDenied(getBriefStamp(actor, briefId));
  if (stamp.projectId !== projectId) notFound();
  const shares = await notFoundIfDenied(listShares(actor, briefId));
  return (
    <ProjectSubpage actor={actor} project={project} trail={[{ label: stamp.title, href: `/projects/${projectId}/briefs/${briefId}` }, { label: "Share" }]} title={`Share “${stamp.title}”`}
      intro="A link shows the brief read-only to anyone who has it, without signing in: its sections and QA checklist, and nothing else of the project — no comments, members or other briefs. Revoking a link ends it at once."
    >
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <HeadedSection headingId="links-heading" title="Links" className="min-w-0 space-y-3">
          {shares.length ? <ShareList projectId={projectId} briefId={briefId} shares={shares} /> : <EmptyState title="No links yet">Make one to show this brief to someone outside the project.</EmptyState>}
        </HeadedSection>
        <CreateShareForm projectId={projectId} briefId={briefId} versionNum={stamp.versionNum} origin={appOrigin()} />
      </div>
    </ProjectSubpage>
  );
}
