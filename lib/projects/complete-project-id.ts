import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { boundedText } from "@/lib/contract/bounded-text";
import { COMPLETION_VALUES_MAX, PROJECT_NAME_MAX } from "@/lib/contract/bounds";
import { getPrisma } from "@/lib/db/client";
import { readerMembership } from "./project-access";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";

const argsSchema = z.strictObject({ value: boundedText(0, PROJECT_NAME_MAX) });

/**
 * Project ids for a half-typed `projectId` (completion/complete): projects the caller can read whose
 * id starts with the value or whose name contains it (any case), newest membership first.
 */
export async function completeProjectId(actor: Actor, input: z.input<typeof argsSchema>): Promise<string[]> {
  requireScopes(actor, readScopes);
  const { value } = parseOrThrow(argsSchema, input);
  const prisma = await getPrisma();
  const rows = await prisma.membership.findMany({
    where: {
      ...readerMembership(actor.userId),
      ...(value && { OR: [{ projectId: { startsWith: value } }, { project: { name: { contains: value, mode: "insensitive" as const } } }] }),
    },
    orderBy: [{ createdAt: "desc" }, { projectId: "desc" }],
    take: COMPLETION_VALUES_MAX,
    select: { projectId: true },
  });
  return rows.map((row) => row.projectId);
}
