import type { Metadata } from "next";
import Link from "next/link";
import { AppHeader } from "@/components/app-header";
import { CreateProjectForm } from "@/components/create-project-form";
import { requireWebActor } from "@/lib/auth/session-gate";
import { listProjects } from "@/lib/projects/list-projects";

export const metadata: Metadata = { title: "Projects" };
export const dynamic = "force-dynamic";

export default async function ProjectsPage() {
  const actor = await requireWebActor("/projects");
  const { items } = await listProjects(actor, { limit: 200 });
  return (
    <>
      <AppHeader actor={actor} />
      <main className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-[1fr_20rem]">
        <section aria-labelledby="projects-heading">
          <h1 id="projects-heading" className="text-2xl font-semibold">
            Projects
          </h1>
          {items.length === 0 ? (
            <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-slate-600">
              You are not a member of any project yet. Create one to start writing briefs.
            </p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {items.map((p) => (
                <li key={p.id}>
                  <Link href={`/projects/${p.id}`} className="flex items-center justify-between gap-4 px-4 py-3 hover:bg-slate-50">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-indigo-700">{p.name}</p>
                      {p.description && <p className="truncate text-sm text-slate-600">{p.description}</p>}
                    </div>
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{p.role}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <aside aria-labelledby="new-project-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="new-project-heading" className="mb-3 font-medium">
            New project
          </h2>
          <CreateProjectForm />
        </aside>
      </main>
    </>
  );
}
