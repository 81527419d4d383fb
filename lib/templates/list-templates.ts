import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { transactionOptions } from "@/lib/db/transaction";
import { authorizeProject } from "@/lib/projects/project-access";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { z } from "zod";
import { ensureBuiltInTemplates } from "./lock-project-templates";
import type { TemplateView } from "./template-schema";
import { toTemplateView } from "./template-view";

const argsSchema = z.strictObject({ projectId: z.string().min(1) });

/**
 * A project's templates, oldest first (the built-ins lead), for any member. Unpaged: a project keeps
 * at most TEMPLATES_PER_PROJECT_MAX.
 */
export async function listTemplates(actor: Actor, input: z.input<typeof argsSchema>): Promise<TemplateView[]> {
  requireScopes(actor, readScopes);
  const { projectId } = parseOrThrow(argsSchema, input);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await authorizeProject(tx, actor, projectId, "read");
    await ensureBuiltInTemplates(tx, projectId);
    const rows = await tx.briefTemplate.findMany({ where: { projectId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    return rows.map(toTemplateView);
  }, transactionOptions);
}
