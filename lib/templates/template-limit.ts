import type { Tx } from "@/lib/db/transaction";
import { TEMPLATES_PER_PROJECT_MAX } from "@/lib/contract/bounds";
import { validationError } from "@/lib/errors";

/** A project keeps at most TEMPLATES_PER_PROJECT_MAX templates, so that listing them needs no paging. */
export async function requireRoomForTemplate(tx: Tx, projectId: string): Promise<void> {
  const count = await tx.briefTemplate.count({ where: { projectId } });
  if (count >= TEMPLATES_PER_PROJECT_MAX) {
    throw validationError([{ path: "projectId", message: `The project already has ${count} templates, the most it can keep. Delete one first.` }]);
  }
}
