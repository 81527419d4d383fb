import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { decodeCursor, encodeCursor } from "@/lib/paging/cursor";
import { DEFAULT_PAGE_SIZE } from "@/lib/paging/page-size";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { listProjectsArgsSchema, type ProjectView } from "./project-schema";

const keySchema = z.tuple([z.iso.datetime(), z.string()]);

/** The actor's projects, newest membership first. */
export async function listProjects(
  actor: Actor,
  input: z.input<typeof listProjectsArgsSchema> = {},
): Promise<{ items: ProjectView[]; nextCursor: string | null }> {
  requireScopes(actor, readScopes);
  const args = parseOrThrow(listProjectsArgsSchema, input);
  const limit = args.limit ?? DEFAULT_PAGE_SIZE;
  const scope = `projects:${actor.userId}`;
  const after = args.cursor ? keySchema.safeParse(decodeCursor(args.cursor, scope)) : undefined;
  if (after && !after.success) throw new DomainError("INVALID_CURSOR", "The cursor is not valid: malformed.", { reason: "malformed" });
  const prisma = await getPrisma();
  const rows = await prisma.membership.findMany({
    where: {
      userId: actor.userId,
      ...(after?.data && {
        OR: [
          { createdAt: { lt: new Date(after.data[0]) } },
          { createdAt: new Date(after.data[0]), projectId: { lt: after.data[1] } },
        ],
      }),
    },
    orderBy: [{ createdAt: "desc" }, { projectId: "desc" }],
    take: limit + 1,
    include: { project: true },
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((m) => ({
      id: m.project.id,
      name: m.project.name,
      description: m.project.description,
      role: m.role,
      createdAt: m.project.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(scope, [last.createdAt.toISOString(), last.projectId]) : null,
  };
}
