import type { Tx } from "@/lib/db/transaction";
import { validationError } from "@/lib/errors";

/** The key a name is unique by within its project: trimmed and lower-cased. */
export function nameKeyOf(name: string): string {
  return name.trim().toLowerCase();
}

/** Refuses a name another template of the project already has in any case (`except`: the template being renamed). */
export async function requireFreeName(tx: Tx, projectId: string, name: string, except?: string): Promise<void> {
  const taken = await tx.briefTemplate.findUnique({ where: { projectId_nameKey: { projectId, nameKey: nameKeyOf(name) } }, select: { id: true, name: true } });
  if (taken && taken.id !== except) {
    throw validationError([{ path: "name", message: `This project already has a template named “${taken.name}”. Choose another name.` }]);
  }
}
