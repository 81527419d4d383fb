import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { transactionOptions } from "@/lib/db/transaction";
import { accessDenied } from "@/lib/errors";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { z } from "zod";
import { findTemplate } from "./find-template";
import { lockProjectTemplates } from "./lock-project-templates";

const argsSchema = z.strictObject({ templateId: z.string().min(1) });

/** Deletes a template; briefs started from it keep their content. Owners and editors only. */
export async function deleteTemplate(actor: Actor, input: z.input<typeof argsSchema>): Promise<{ deleted: { id: string; projectId: string } }> {
  requireScopes(actor, writeScopes);
  const { templateId } = parseOrThrow(argsSchema, input);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    const row = await findTemplate(tx, actor, templateId, "write");
    await lockProjectTemplates(tx, row.projectId);
    // deleteMany: a template another writer deleted meanwhile is the same answer as a missing one.
    const { count } = await tx.briefTemplate.deleteMany({ where: { id: row.id } });
    if (count === 0) throw accessDenied();
    return { deleted: { id: row.id, projectId: row.projectId } };
  }, transactionOptions);
}
