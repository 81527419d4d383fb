import type { ReactNode } from "react";
import type { Actor } from "@/lib/auth/actor";
import { AppHeader } from "./app-header";
import { Breadcrumbs } from "./breadcrumbs";

type Crumb = { label: string; href?: string };

/**
 * The frame of a page inside a project (import, templates, webhooks, a brief's share links): the
 * app's header, the trail from "Projects" through the project to `trail`, the page's title and what
 * the page is for.
 */
export function ProjectSubpage({
  actor,
  project,
  trail,
  title,
  intro,
  width = "max-w-6xl",
  children,
}: {
  actor: Actor;
  project: { id: string; name: string };
  trail: Crumb[];
  title: ReactNode;
  intro?: ReactNode;
  width?: "max-w-6xl" | "max-w-4xl";
  children: ReactNode;
}) {
  return (
    <>
      <AppHeader actor={actor} />
      <main className={`mx-auto ${width} space-y-6 px-4 py-6 sm:py-8`}>
        <div className="space-y-2">
          <Breadcrumbs items={[{ label: "Projects", href: "/projects" }, { label: project.name, href: `/projects/${project.id}` }, ...trail]} />
          <h1 className="text-2xl font-semibold">{title}</h1>
          {intro && <p className="max-w-3xl text-slate-600">{intro}</p>}
        </div>
        {children}
      </main>
    </>
  );
}
