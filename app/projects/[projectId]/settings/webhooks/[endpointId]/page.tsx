import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { notFoundIfDenied } from "@/app/_web/not-found-if-denied";
import { ProjectSubpage } from "@/components/project-subpage";
import { buttonClassName } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { DeliveryLogTable } from "@/components/webhooks/delivery-log-table";
import { WebhookCard } from "@/components/webhooks/webhook-card";
import { DELIVERY_LOG_SIZE, listDeliveries } from "@/lib/webhooks/delivery-log";
import { getWebhook } from "@/lib/webhooks/manage-webhooks";
import { loadProjectFor } from "../../../load-project";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Delivery log" };

/** One endpoint's delivery log: status, response code, latency and attempts, with "redeliver". */
export default async function DeliveryLogPage({ params }: { params: Promise<{ projectId: string; endpointId: string }> }) {
  const { projectId, endpointId } = await params;
  const { actor, project } = await loadProjectFor(projectId, "manage");
  const [webhook, deliveries] = await notFoundIfDenied(Promise.all([getWebhook(actor, endpointId), listDeliveries(actor, endpointId)]));
  if (webhook.projectId !== projectId) notFound();
  return (
    <ProjectSubpage actor={actor} project={project} trail={[{ label: "Webhooks", href: `/projects/${projectId}/settings/webhooks` }, { label: "Delivery log" }]} title="Delivery log">
      <ul>
        <WebhookCard webhook={webhook} />
      </ul>
      <section aria-labelledby="deliveries-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="deliveries-heading" className="text-lg font-medium">
            Newest {DELIVERY_LOG_SIZE} deliveries
          </h2>
          <Link prefetch={false} href={`/projects/${projectId}/settings/webhooks/${endpointId}`} className={buttonClassName("secondary")}>
            Refresh
          </Link>
        </div>
        {deliveries.length ? (
          <DeliveryLogTable projectId={projectId} endpointId={endpointId} deliveries={deliveries} />
        ) : (
          <EmptyState title="Nothing sent yet">Deliveries appear here as changes happen, or send a test event.</EmptyState>
        )}
      </section>
    </ProjectSubpage>
  );
}
