import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import type { ProjectRole } from "@/lib/generated/prisma/client";
import { authorizeProject } from "./project-access";

export type ProjectMember = { email: string; name: string | null; role: ProjectRole; joinedAt: string };

/** Members of a project, owners first; any member may see who else is in it. */
export async function listProjectMembers(actor: Actor, projectId: string): Promise<ProjectMember[]> {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  await authorizeProject(prisma, actor, projectId, "read");
  const rows = await prisma.membership.findMany({
    where: { projectId },
    include: { user: { select: { email: true, name: true } } },
    orderBy: [{ createdAt: "asc" }],
  });
  const rank = { owner: 0, editor: 1, viewer: 2 } as const;
  return rows
    .map((m) => ({ email: m.user.email, name: m.user.name, role: m.role, joinedAt: m.createdAt.toISOString() }))
    .sort((a, b) => rank[a.role] - rank[b.role]);
}
