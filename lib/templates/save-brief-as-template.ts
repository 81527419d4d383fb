import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { findReadableBrief } from "@/lib/briefs/find-readable-brief";
import { loadCurrentContent } from "@/lib/briefs/version-store";
import { uuid7 } from "@/lib/db/uuid7";
import type { Prisma } from "@/lib/generated/prisma/client";
import { runIdempotent, type IdempotentOutcome } from "@/lib/idempotency/run-idempotent";
import { authorizeProject } from "@/lib/projects/project-access";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import type { z } from "zod";
import { lockProjectTemplates } from "./lock-project-templates";
import { templateContentOf } from "./template-content";
import { requireRoomForTemplate } from "./template-limit";
import { nameKeyOf, requireFreeName } from "./template-name";
import { saveBriefAsTemplateArgsSchema, type TemplateView } from "./template-schema";
import { toTemplateView } from "./template-view";

/**
 * "Save as template": the brief's current content becomes a template of its project, without the
 * editor's `_draft` and with every QA row unchecked and unattributed. Owners and editors only.
 */
export async function saveBriefAsTemplate(
  actor: Actor,
  input: z.input<typeof saveBriefAsTemplateArgsSchema>,
): Promise<IdempotentOutcome<{ template: TemplateView }>> {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(saveBriefAsTemplateArgsSchema, input);
  return runIdempotent(actor, "template_save", args, async (tx, now) => {
    const { row: brief } = await findReadableBrief(tx, actor, args.briefId);
    await authorizeProject(tx, actor, brief.projectId, "write");
    await lockProjectTemplates(tx, brief.projectId);
    await requireFreeName(tx, brief.projectId, args.name);
    await requireRoomForTemplate(tx, brief.projectId);
    const content = templateContentOf(await loadCurrentContent(tx, brief));
    const row = await tx.briefTemplate.create({
      data: {
        id: uuid7(now.getTime()),
        projectId: brief.projectId,
        name: args.name.trim(),
        nameKey: nameKeyOf(args.name),
        description: args.description?.trim() || null,
        content: content as Prisma.InputJsonValue,
        createdById: actor.userId,
        createdAt: now,
        updatedAt: now,
      },
    });
    return { template: toTemplateView(row) };
  });
}
