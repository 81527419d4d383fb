import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import type { ProjectRole } from "@/lib/generated/prisma/client";
import { authorizeProject } from "./project-access";

/** `since` is when they joined, or for an invitation when it was made. */
export type ProjectMember = { email: string; name: string | null; role: ProjectRole; status: "active" | "invited"; since: string };

const rank = { owner: 0, editor: 1, reviewer: 2, viewer: 3 } as const;

/**
 * Members of a project, owners first, then the invitations still waiting; any member may see who
 * else is in it and who is invited.
 */
export async function listProjectMembers(actor: Actor, projectId: string): Promise<ProjectMember[]> {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  await authorizeProject(prisma, actor, projectId, "read");
  const [memberships, invitations] = await Promise.all([
    prisma.membership.findMany({
      where: { projectId },
      include: { user: { select: { email: true, name: true } } },
      orderBy: [{ createdAt: "asc" }],
    }),
    prisma.projectInvitation.findMany({ where: { projectId }, orderBy: [{ createdAt: "asc" }, { email: "asc" }] }),
  ]);
  const members = memberships
    .map((m) => ({ email: m.user.email, name: m.user.name, role: m.role, status: "active" as const, since: m.createdAt.toISOString() }))
    .sort((a, b) => rank[a.role] - rank[b.role]);
  const invited = invitations.map((i) => ({ email: i.email, name: null, role: i.role, status: "invited" as const, since: i.createdAt.toISOString() }));
  return [...members, ...invited];
}
