import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { createBrief } from "@/lib/briefs/create-brief";
import { findReadableBrief } from "@/lib/briefs/find-readable-brief";
import type { BriefRecord } from "@/lib/briefs/result-schemas";
import { loadCurrentContent } from "@/lib/briefs/version-store";
import { codePointLength } from "@/lib/contract/bounded-text";
import { TITLE_MAX } from "@/lib/contract/bounds";
import { getPrisma } from "@/lib/db/client";
import type { IdempotentOutcome } from "@/lib/idempotency/run-idempotent";
import { authorizeProject } from "@/lib/projects/project-access";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import type { z } from "zod";
import { templateContentOf } from "./template-content";
import { duplicateBriefArgsSchema } from "./template-schema";

const SUFFIX = " (copy)";

/**
 * "Duplicate": a new brief of the same project, titled "<title> (copy)", at version 1 with the
 * brief's current content — and nothing else: no history, evidence, approvals or comments. Like a
 * brief started from a template, it has no `_draft` and its QA rows are unchecked: nothing has been
 * tested on the copy yet. Owners and editors only; created by createBrief, so it is a brief_create
 * in every respect (event, search, receipt).
 */
export async function duplicateBrief(actor: Actor, input: z.input<typeof duplicateBriefArgsSchema>): Promise<IdempotentOutcome<{ brief: BriefRecord }>> {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(duplicateBriefArgsSchema, input);
  const prisma = await getPrisma();
  const source = await prisma.$transaction(async (tx) => {
    const { row } = await findReadableBrief(tx, actor, args.briefId);
    await authorizeProject(tx, actor, row.projectId, "write");
    return { projectId: row.projectId, title: row.title, content: await loadCurrentContent(tx, row) };
  });
  return createBrief(actor, {
    projectId: source.projectId,
    title: copyTitle(source.title),
    content: templateContentOf(source.content),
    idempotencyKey: args.idempotencyKey,
  });
}

/** "<title> (copy)", shortening the title when the suffix would take it past TITLE_MAX characters. */
export function copyTitle(title: string): string {
  const room = TITLE_MAX - SUFFIX.length;
  if (codePointLength(title) <= room) return `${title}${SUFFIX}`;
  return `${Array.from(title).slice(0, room).join("").trimEnd()}${SUFFIX}`;
}
