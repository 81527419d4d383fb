import type { Actor } from "@/lib/auth/actor";
import type { Tx } from "@/lib/db/transaction";
import { accessDenied } from "@/lib/errors";
import { authorizeProject } from "@/lib/projects/project-access";

/**
 * A template and the caller's standing in its project, or PROJECT_ACCESS_DENIED: the same answer
 * for a template that does not exist and one of a project the caller cannot `need`.
 */
export async function findTemplate(tx: Tx, actor: Actor, templateId: string, need: "read" | "write") {
  const row = await tx.briefTemplate.findUnique({ where: { id: templateId } });
  if (!row) throw accessDenied();
  await authorizeProject(tx, actor, row.projectId, need);
  return row;
}
