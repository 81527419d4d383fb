import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { findReadableBrief } from "@/lib/briefs/find-readable-brief";
import { getPrisma } from "@/lib/db/client";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { listPresence } from "./list-presence";
import { presenceInputSchema, type PresenceView } from "./presence-schema";
import { PRESENCE_WINDOW_MS } from "./presence-window";

/**
 * A tab says it has the brief open (and which section it edits, if any), and hears who else is
 * there. Anyone who may read the brief is present on it. Nothing is locked: presence only informs.
 * The row is keyed by person and tab, so a tab moving to another brief moves its row.
 */
export async function recordPresence(actor: Actor, briefId: string, input: unknown): Promise<PresenceView> {
  requireScopes(actor, readScopes);
  const { tabId, section } = parseOrThrow(presenceInputSchema, input);
  const prisma = await getPrisma();
  const { row } = await findReadableBrief(prisma, actor, briefId);
  const now = new Date();
  await prisma.$executeRawUnsafe(
    `INSERT INTO "Presence" ("userId", "tabId", "briefId", "projectId", section, "seenAt") VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT ("userId", "tabId") DO UPDATE SET "briefId" = EXCLUDED."briefId", "projectId" = EXCLUDED."projectId", section = EXCLUDED.section, "seenAt" = EXCLUDED."seenAt"`,
    actor.userId,
    tabId,
    row.id,
    row.projectId,
    section,
    now,
  );
  // Rows of tabs that went away without a word: a few at a time, by whoever is here.
  await prisma.$executeRawUnsafe(`DELETE FROM "Presence" WHERE "briefId" = $1 AND "seenAt" < $2`, row.id, new Date(now.getTime() - 10 * PRESENCE_WINDOW_MS));
  return listPresence(prisma, actor, row.id, now);
}

/** A tab closing or leaving the brief: its row goes at once, so others see it leave. */
export async function leavePresence(actor: Actor, briefId: string, input: unknown): Promise<void> {
  const { tabId } = parseOrThrow(presenceInputSchema, input);
  const prisma = await getPrisma();
  await prisma.$executeRawUnsafe(`DELETE FROM "Presence" WHERE "userId" = $1 AND "tabId" = $2 AND "briefId" = $3`, actor.userId, tabId, briefId);
}

/** Who is on the brief, for a page that heard presence change. */
export async function getPresence(actor: Actor, briefId: string): Promise<PresenceView> {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  const { row } = await findReadableBrief(prisma, actor, briefId);
  return listPresence(prisma, actor, row.id);
}
