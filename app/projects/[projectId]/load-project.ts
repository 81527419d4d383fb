import { cache } from "react";
import { notFoundIfDenied } from "@/app/_web/not-found-if-denied";
import { getWebActor, requireWebActor } from "@/lib/auth/session-gate";
import { getProject } from "@/lib/projects/get-project";

/**
 * The signed-in person and the project they asked for, once per request, or a 404 for a project
 * they may not see.
 */
export const loadProject = cache(async (projectId: string) => {
  const actor = await requireWebActor(`/projects/${projectId}`);
  const project = await notFoundIfDenied(getProject(actor, projectId));
  return { actor, project };
});

/** For the page title: never redirects or throws, so a missing project gets the not-found title. */
export const peekProjectName = cache(async (projectId: string) => {
  const actor = await getWebActor();
  return actor ? getProject(actor, projectId).then((p) => p.name, () => null) : null;
});
