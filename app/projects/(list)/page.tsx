import type { Metadata } from "next";
import Link from "next/link";
import { AppHeader } from "@/components/app-header";
import { LiveRefresh } from "@/components/live/live-refresh";
import { CreateProjectForm } from "@/components/create-project-form";
import { RoleBadge } from "@/components/projects/role-badge";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { Panel } from "@/components/ui/panel";
import { RelativeTime } from "@/components/ui/relative-time";
import { requireWebActor } from "@/lib/auth/session-gate";
import { listProjects } from "@/lib/projects/list-projects";
import { getAccount } from "@/lib/users/get-account";

export const metadata: Metadata = { title: "Projects" };
export const dynamic = "force-dynamic";

const SHOWN = 200;

export default async function ProjectsPage({ searchParams }: { searchParams: Promise<{ confirmed?: string | string[] }> }) {
  const actor = await requireWebActor("/projects");
  const { items, nextCursor } = await listProjects(actor, { limit: SHOWN });
  // Where a confirmation link ends; said only when it is true.
  const justConfirmed = (await searchParams).confirmed === "1" && (await getAccount(actor)).emailConfirmed;
  return (
    <>
      <AppHeader actor={actor} />
      <LiveRefresh />
      <main className="mx-auto grid max-w-6xl grid-cols-1 items-start gap-6 px-4 py-6 sm:py-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="projects-heading" className="min-w-0 space-y-4">
          <h1 id="projects-heading" className="text-2xl font-semibold">
            Projects
          </h1>
          {justConfirmed && (
            <Alert tone="success">Your email address is confirmed. Projects you were invited to are listed here.</Alert>
          )}
          {items.length === 0 ? (
            <EmptyState title="No projects yet">
              You are not a member of any project yet. Create one to start writing briefs, or ask a project owner to
              invite you.
            </EmptyState>
          ) : (
            <ul aria-label="Your projects" className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
              {items.map((p) => (
                <li key={p.id}>
                  <Link
                    href={`/projects/${p.id}`}
                    className="flex items-center justify-between gap-4 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
                  >
                    <div className="min-w-0">
                      <p className="truncate font-medium text-indigo-700">{p.name}</p>
                      {p.description && <p className="truncate text-sm text-slate-600">{p.description}</p>}
                      <p className="text-xs text-slate-500">
                        Created <RelativeTime value={p.createdAt} />
                      </p>
                    </div>
                    <RoleBadge role={p.role} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {nextCursor && <p className="text-sm text-slate-500">Showing the {SHOWN} projects you joined most recently.</p>}
        </section>
        <Panel headingId="new-project-heading" title="New project">
          <CreateProjectForm />
        </Panel>
      </main>
    </>
  );
}
