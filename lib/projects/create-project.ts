import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { runIdempotent, type IdempotentOutcome } from "@/lib/idempotency/run-idempotent";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { addBuiltInTemplates } from "@/lib/templates/add-built-in-templates";
import { createProjectArgsSchema, type ProjectView } from "./project-schema";
import type { z } from "zod";

type CreateProjectArgs = z.input<typeof createProjectArgsSchema>;

/** The creator becomes the project's owner; the project starts with the built-in templates. */
export async function createProject(
  actor: Actor,
  args: CreateProjectArgs,
): Promise<IdempotentOutcome<{ project: ProjectView }>> {
  requireScopes(actor, writeScopes);
  const parsed = parseOrThrow(createProjectArgsSchema, args);
  return runIdempotent(actor, "project_create", parsed, async (tx, now) => {
    const project = await tx.project.create({
      data: {
        // Both doors store names trimmed (docs/contract.md#names-and-titles); the schema refused blank ones.
        name: parsed.name.trim(),
        description: parsed.description?.trim() || null,
        createdAt: now,
        memberships: { create: { userId: actor.userId, role: "owner", createdAt: now } },
      },
    });
    await addBuiltInTemplates(tx, project.id, now);
    return {
      project: {
        id: project.id,
        name: project.name,
        description: project.description,
        role: "owner" as const,
        createdAt: project.createdAt.toISOString(),
      },
    };
  });
}
