import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { notFoundIfDenied } from "@/app/_web/not-found-if-denied";
import { AppHeader } from "@/components/app-header";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { EmptyState } from "@/components/ui/empty-state";
import { CreateWebhookForm } from "@/components/webhooks/create-webhook-form";
import { WebhookCard } from "@/components/webhooks/webhook-card";
import { roleAllows } from "@/lib/projects/project-access";
import { listWebhooks } from "@/lib/webhooks/manage-webhooks";
import { loadProject } from "../../load-project";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Webhooks" };

/** A project's webhook endpoints, for its owners: others get the same 404 as for a missing project. */
export default async function WebhooksPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { actor, project } = await loadProject(projectId);
  if (!roleAllows(project.role, "manage")) notFound();
  const webhooks = await notFoundIfDenied(listWebhooks(actor, projectId));
  return (
    <>
      <AppHeader actor={actor} />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8">
        <div className="space-y-2">
          <Breadcrumbs items={[{ label: "Projects", href: "/projects" }, { label: project.name, href: `/projects/${projectId}` }, { label: "Webhooks" }]} />
          <h1 className="text-2xl font-semibold">Webhooks</h1>
          <p className="max-w-3xl text-slate-600">
            Briefs posts each change in this project to your endpoints: a small signed JSON event with its kind, the brief and its version, who made the change,
            and links — never the brief’s text. Failed deliveries are retried for 24 hours, and one brief’s events arrive in the order they happened.
          </p>
        </div>
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <section aria-labelledby="endpoints-heading" className="min-w-0 space-y-3">
            <h2 id="endpoints-heading" className="text-lg font-medium">
              Endpoints
            </h2>
            {webhooks.length ? (
              <ul className="space-y-3">
                {webhooks.map((webhook) => (
                  <WebhookCard key={webhook.id} webhook={webhook} />
                ))}
              </ul>
            ) : (
              <EmptyState title="No endpoints yet">Add one to pass this project’s changes on to a tracker, a chat or CI.</EmptyState>
            )}
          </section>
          <CreateWebhookForm projectId={projectId} />
        </div>
      </main>
    </>
  );
}
