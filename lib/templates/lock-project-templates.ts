import type { Tx } from "@/lib/db/transaction";
import { addBuiltInTemplates } from "./add-built-in-templates";

/**
 * Every change to a project's templates first locks the project row, so that two writers never race
 * past the name and count checks, and finds the built-ins in place.
 */
export async function lockProjectTemplates(tx: Tx, projectId: string): Promise<void> {
  const [row] = await tx.$queryRaw<Array<{ added: Date | null }>>`SELECT "builtInTemplatesAddedAt" AS added FROM "Project" WHERE id = ${projectId} FOR UPDATE`;
  if (row && row.added === null) await addBuiltInTemplates(tx, projectId, new Date());
}

/**
 * Reads call this: a project created before templates existed gets its built-ins the first time
 * anyone looks (the common case, already done, costs one indexed read and takes no lock).
 */
export async function ensureBuiltInTemplates(tx: Tx, projectId: string): Promise<void> {
  const project = await tx.project.findUnique({ where: { id: projectId }, select: { builtInTemplatesAddedAt: true } });
  if (project && project.builtInTemplatesAddedAt === null) await lockProjectTemplates(tx, projectId);
}
