import type { Metadata } from "next";
import { notFoundIfDenied } from "@/app/_web/not-found-if-denied";
import { ProjectSubpage } from "@/components/project-subpage";
import { EmptyState } from "@/components/ui/empty-state";
import { HeadedSection } from "@/components/ui/headed-section";
import { CreateWebhookForm } from "@/components/webhooks/create-webhook-form";
import { WebhookCard } from "@/components/webhooks/webhook-card";
import { listWebhooks } from "@/lib/webhooks/manage-webhooks";
import { loadProjectFor } from "../../load-project";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Webhooks" };

/** A project's webhook endpoints, for its owners: others get the same 404 as for a missing project. */
export default async function WebhooksPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { actor, project } = await loadProjectFor(projectId, "manage");
  const webhooks = await notFoundIfDenied(listWebhooks(actor, projectId));
  return (
    <ProjectSubpage actor={actor} project={project} trail={[{ label: "Webhooks" }]} title="Webhooks"
      intro="Briefs posts each change in this project to your endpoints: a small signed JSON event with its kind, the brief and its version, who made the change, and links — never the brief’s text. Failed deliveries are retried for 24 hours, and one brief’s events arrive in the order they happened."
    >
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <HeadedSection headingId="endpoints-heading" title="Endpoints" className="min-w-0 space-y-3">
          {webhooks.length ? (
            <ul className="space-y-3">
              {webhooks.map((webhook) => (
                <WebhookCard key={webhook.id} webhook={webhook} />
              ))}
            </ul>
          ) : (
            <EmptyState title="No endpoints yet">Add one to pass this project’s changes on to a tracker, a chat or CI.</EmptyState>
          )}
        </HeadedSection>
        <CreateWebhookForm projectId={projectId} />
      </div>
    </ProjectSubpage>
  );
}
