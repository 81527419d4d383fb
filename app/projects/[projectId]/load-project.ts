import { notFound } from "next/navigation";
import { cache } from "react";
import { notFoundIfDenied } from "@/app/_web/not-found-if-denied";
import { getWebActor, requireWebActor } from "@/lib/auth/session-gate";
import { getProject } from "@/lib/projects/get-project";
import { roleAllows, type ProjectNeed } from "@/lib/projects/project-access";

/**
 * The signed-in person and the project they asked for, once per request, or a 404 for a project
 * they may not see. Someone signed out is sent to sign in, then back to `returnTo`.
 */
export const loadProject = cache(async (projectId: string, returnTo = `/projects/${projectId}`) => {
  const actor = await requireWebActor(returnTo);
  const project = await notFoundIfDenied(getProject(actor, projectId));
  return { actor, project };
});

/**
 * As `loadProject`, for a page only some members may open: the others get the same 404 as a
 * project they may not see, so the page does not tell them it exists.
 */
export async function loadProjectFor(projectId: string, need: ProjectNeed, returnTo?: string) {
  const { actor, project } = await loadProject(projectId, returnTo);
  if (!roleAllows(project.role, need)) notFound();
  return { actor, project };
}

/** For the page title: never redirects or throws, so a missing project gets the not-found title. */
export const peekProjectName = cache(async (projectId: string) => {
  const actor = await getWebActor();
  return actor ? getProject(actor, projectId).then((p) => p.name, () => null) : null;
});
