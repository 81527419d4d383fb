import type { Actor } from "@/lib/auth/actor";
import type { ProjectRole } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/transaction";
import { accessDenied } from "@/lib/errors";

export type ProjectNeed = "read" | "propose" | "write" | "manage";

declare const authorized: unique symbol;

/** Proof that the actor may act on the project with `need`; only authorizeProject makes one. */
export type AuthorizedProject = {
  readonly projectId: string;
  readonly role: ProjectRole;
  readonly [authorized]: ProjectNeed;
};

const allowedRoles: Record<ProjectNeed, readonly ProjectRole[]> = {
  read: ["owner", "editor", "reviewer", "viewer"],
  // Reviewers suggest changes and comment; a person with write access decides (docs/contract.md#proposals).
  propose: ["owner", "editor", "reviewer"],
  write: ["owner", "editor"],
  manage: ["owner"],
};

/** The roles that may act with `need`, for queries that select by role. */
export function rolesAllowed(need: ProjectNeed): readonly ProjectRole[] {
  return allowedRoles[need];
}

/**
 * The memberships that let a person read a project, as a query condition: the one place that says
 * who may read, for queries that list what a person may see (their projects, their briefs, what
 * their live streams hear).
 */
export function readerMembership(userId: string): { userId: string; role: { in: ProjectRole[] } } {
  return { userId, role: { in: [...allowedRoles.read] } };
}

export function roleAllows(role: ProjectRole, need: ProjectNeed): boolean {
  return allowedRoles[need].includes(role);
}

/**
 * Members only. An unknown id, a project of someone else and a viewer's write all give the
 * same PROJECT_ACCESS_DENIED, so the answer never tells whether the project exists.
 */
export async function authorizeProject(
  tx: Tx,
  actor: Actor,
  projectId: string,
  need: ProjectNeed,
): Promise<AuthorizedProject> {
  const membership = await tx.membership.findUnique({
    where: { projectId_userId: { projectId, userId: actor.userId } },
    select: { role: true },
  });
  if (!membership || !roleAllows(membership.role, need)) throw accessDenied();
  return { projectId, role: membership.role } as AuthorizedProject;
}
