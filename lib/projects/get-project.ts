import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { accessDenied } from "@/lib/errors";
import { authorizeProject } from "./project-access";
import type { ProjectView } from "./project-schema";

export async function getProject(actor: Actor, projectId: string): Promise<ProjectView> {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  const { role } = await authorizeProject(prisma, actor, projectId, "read");
  const project = await prisma.project.findUnique({ where: { id: projectId } });
  if (!project) throw accessDenied();
  return { id: project.id, name: project.name, description: project.description, role, createdAt: project.createdAt.toISOString() };
}
