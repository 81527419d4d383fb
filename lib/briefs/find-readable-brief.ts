import type { Actor } from "@/lib/auth/actor";
import type { Tx } from "@/lib/db/transaction";
import { accessDenied } from "@/lib/errors";
import { authorizeProject } from "@/lib/projects/project-access";

/** A brief the actor may read, or PROJECT_ACCESS_DENIED (the same for "missing" and "not yours"). */
export async function findReadableBrief(tx: Tx, actor: Actor, briefId: string) {
  const row = await tx.brief.findUnique({ where: { id: briefId } });
  if (!row) throw accessDenied();
  const project = await authorizeProject(tx, actor, row.projectId, "read");
  return { row, project };
}
