import { z } from "zod";
import type { BriefSummary } from "./result-schemas";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { decodeCursor, encodeCursor } from "@/lib/paging/cursor";
import { DEFAULT_PAGE_SIZE } from "@/lib/paging/page-size";
import { authorizeProject } from "@/lib/projects/project-access";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { listBriefsArgsSchema } from "./tool-arguments";


const keySchema = z.tuple([z.iso.datetime(), z.string()]);

/** brief_list: a project's briefs, most recently changed first. */
export async function listBriefs(actor: Actor, input: z.input<typeof listBriefsArgsSchema>) {
  requireScopes(actor, readScopes);
  const args = parseOrThrow(listBriefsArgsSchema, input);
  const prisma = await getPrisma();
  await authorizeProject(prisma, actor, args.projectId, "read");
  // The cursor is bound to the filters too: a page of one listing never continues another.
  const scope = `briefs:${args.projectId}:${args.state ?? "*"}:${args.titleContains ?? ""}`;
  let after: [string, string] | undefined;
  if (args.cursor) {
    const key = keySchema.safeParse(decodeCursor(args.cursor, scope));
    if (!key.success) throw new DomainError("INVALID_CURSOR", "The cursor is not valid: malformed.", { reason: "malformed" });
    after = key.data;
  }
  const limit = args.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await prisma.brief.findMany({
    where: {
      projectId: args.projectId,
      ...(args.state && { state: args.state }),
      ...(args.titleContains && { title: { contains: args.titleContains, mode: "insensitive" as const } }),
      ...(after && {
        OR: [{ updatedAt: { lt: new Date(after[0]) } }, { updatedAt: new Date(after[0]), id: { lt: after[1] } }],
      }),
    },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: { id: true, projectId: true, title: true, state: true, versionNum: true, currentVersionHash: true, updatedAt: true },
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((b): BriefSummary => ({ ...b, updatedAt: b.updatedAt.toISOString() })),
    nextCursor: rows.length > limit && last ? encodeCursor(scope, [last.updatedAt.toISOString(), last.id]) : null,
  };
}
