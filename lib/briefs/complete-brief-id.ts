import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { boundedText } from "@/lib/contract/bounded-text";
import { COMPLETION_VALUES_MAX, TITLE_MAX } from "@/lib/contract/bounds";
import { getPrisma } from "@/lib/db/client";
import { readerMembership } from "@/lib/projects/project-access";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";

const argsSchema = z.strictObject({ value: boundedText(0, TITLE_MAX) });

/**
 * Brief ids for a half-typed `briefId` (completion/complete): briefs the caller can read whose id
 * starts with the value or whose title contains it (any case), most recently changed first.
 */
export async function completeBriefId(actor: Actor, input: z.input<typeof argsSchema>): Promise<string[]> {
  requireScopes(actor, readScopes);
  const { value } = parseOrThrow(argsSchema, input);
  const prisma = await getPrisma();
  const rows = await prisma.brief.findMany({
    where: {
      project: { memberships: { some: readerMembership(actor.userId) } },
      ...(value && { OR: [{ id: { startsWith: value } }, { title: { contains: value, mode: "insensitive" as const } }] }),
    },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: COMPLETION_VALUES_MAX,
    select: { id: true },
  });
  return rows.map((row) => row.id);
}
