import type { Tx } from "@/lib/db/transaction";
import { uuid7 } from "@/lib/db/uuid7";
import type { Prisma } from "@/lib/generated/prisma/client";
import { builtInTemplates } from "./built-ins/all-built-ins";
import { templateContentOf } from "./template-content";
import { nameKeyOf } from "./template-name";

/**
 * Gives a project the built-in templates, once: at its creation, or on the first use of templates
 * by a project older than them. A name the project already uses is left to its own template.
 */
export async function addBuiltInTemplates(tx: Tx, projectId: string, now: Date): Promise<void> {
  await tx.briefTemplate.createMany({
    data: builtInTemplates.map((template, index) => ({
      // One millisecond apart, so that ids keep the order the built-ins are offered in.
      id: uuid7(now.getTime() + index),
      projectId,
      name: template.name,
      nameKey: nameKeyOf(template.name),
      description: template.description,
      // Through the same rules as any template: a built-in that broke them would fail every test.
      content: templateContentOf(template.content) as Prisma.InputJsonValue,
      createdById: null,
      createdAt: now,
      updatedAt: now,
    })),
    skipDuplicates: true,
  });
  await tx.project.update({ where: { id: projectId }, data: { builtInTemplatesAddedAt: now } });
}
