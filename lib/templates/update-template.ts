import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { transactionOptions } from "@/lib/db/transaction";
import type { Prisma } from "@/lib/generated/prisma/client";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import type { z } from "zod";
import { findTemplate } from "./find-template";
import { lockProjectTemplates } from "./lock-project-templates";
import { templateContentOf } from "./template-content";
import { nameKeyOf, requireFreeName } from "./template-name";
import { updateTemplateArgsSchema, type TemplateView } from "./template-schema";
import { toTemplateView } from "./template-view";

/**
 * Renames a template, changes its description (null or blank clears it) or replaces its content,
 * checked by the brief's own rules. Owners and editors only; a built-in may be edited like any other.
 */
export async function updateTemplate(actor: Actor, input: z.input<typeof updateTemplateArgsSchema>): Promise<TemplateView> {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(updateTemplateArgsSchema, input);
  // Before the database: bad content changes nothing and costs no transaction.
  const content = args.content === undefined ? undefined : templateContentOf(args.content);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    const found = await findTemplate(tx, actor, args.templateId, "write");
    await lockProjectTemplates(tx, found.projectId);
    // Again under the lock: another writer may have deleted it meanwhile.
    const current = await findTemplate(tx, actor, args.templateId, "write");
    if (args.name !== undefined) await requireFreeName(tx, current.projectId, args.name, current.id);
    const row = await tx.briefTemplate.update({
      where: { id: current.id },
      data: {
        ...(args.name !== undefined && { name: args.name.trim(), nameKey: nameKeyOf(args.name) }),
        ...(args.description !== undefined && { description: args.description?.trim() || null }),
        ...(content !== undefined && { content: content as Prisma.InputJsonValue }),
        updatedAt: new Date(),
      },
    });
    return toTemplateView(row);
  }, transactionOptions);
}
