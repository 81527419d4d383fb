import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes, writeScopes } from "@/lib/auth/scopes";
import { findReadableBrief } from "@/lib/briefs/find-readable-brief";
import { getPrisma } from "@/lib/db/client";
import type { Tx } from "@/lib/db/transaction";
import { uuid7 } from "@/lib/db/uuid7";
import { accessDenied, DomainError, validationError } from "@/lib/errors";
import { recordEventsIn } from "@/lib/events/record-events";
import { roleAllows } from "@/lib/projects/project-access";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { createShareSchema, SHARE_EXPIRY_MAX_DAYS, toShareView, type ShareView } from "./share-schema";
import { hashShareToken, newShareToken } from "./share-token";

/** Shares are made in the browser, by those who may edit the brief. */
function requireBrowser(actor: Actor): void {
  if (actor.door === "mcp") throw new DomainError("PROJECT_ACCESS_DENIED", "Share links are made and revoked in the browser.");
}

/**
 * The brief, locked for this transaction (its row is updated, so concurrent shares and writes wait),
 * if the actor may edit it: owners and editors share. Bumps its item sequence for the new item.
 */
async function lockForSharing(tx: Tx, actor: Actor, briefId: string, now: Date) {
  const { project } = await findReadableBrief(tx, actor, briefId);
  if (!roleAllows(project.role, "write")) throw accessDenied();
  const [row] = await tx.$queryRaw<Array<{ itemSeq: number; versionNum: number; projectId: string }>>`
    UPDATE "Brief" SET "itemSeq" = "itemSeq" + 1, "updatedAt" = ${now} WHERE id = ${briefId} RETURNING "itemSeq", "versionNum", "projectId"`;
  return row;
}

/**
 * Makes a read-only link to a brief: as it is whenever the link is opened, or one fixed version,
 * with an optional expiry. The link is returned here, once; only its hash is kept. The share is also
 * an item of the brief's `shares` collection, so agents reading the collection see that it exists.
 */
export async function createShare(actor: Actor, input: z.input<typeof createShareSchema>, now = new Date()): Promise<{ share: ShareView; token: string }> {
  requireScopes(actor, writeScopes);
  requireBrowser(actor);
  const args = parseOrThrow(createShareSchema, input);
  if (args.expiresAt && args.expiresAt <= now) throw validationError([{ path: "expiresAt", message: "must be in the future" }]);
  if (args.expiresAt && args.expiresAt.getTime() > now.getTime() + SHARE_EXPIRY_MAX_DAYS * 86_400_000) {
    throw validationError([{ path: "expiresAt", message: `must be within ${SHARE_EXPIRY_MAX_DAYS} days` }]);
  }
  const token = newShareToken();
  const prisma = await getPrisma();
  const row = await prisma.$transaction(async (tx) => {
    const brief = await lockForSharing(tx, actor, args.briefId, now);
    if (args.versionNum !== undefined && args.versionNum > brief.versionNum) {
      throw validationError([{ path: "versionNum", message: `the brief has versions 1 to ${brief.versionNum}` }]);
    }
    const id = uuid7(now.getTime());
    const versionNum = args.versionNum ?? null;
    const expiresAt = args.expiresAt ?? null;
    await tx.briefItem.create({
      data: { id, briefId: args.briefId, collection: "shares", seq: brief.itemSeq, createdById: actor.userId, createdAt: now, status: "active", data: { versionNum, expiresAt: expiresAt?.toISOString() ?? null, createdBy: actor.label } },
    });
    await recordEventsIn(tx, actor, now, [{ type: "brief.item_added", projectId: brief.projectId, briefId: args.briefId, versionNum: brief.versionNum, data: { collection: "shares", itemId: id } }]);
    return tx.share.create({
      data: { id, briefId: args.briefId, tokenHash: hashShareToken(token), versionNum, expiresAt, createdById: actor.userId, createdBy: actor.label, createdAt: now },
    });
  });
  return { share: toShareView(row, now), token };
}

/** Ends a link: the next request to it is refused. Revoking twice is the same as once. */
export async function revokeShare(actor: Actor, shareId: string, now = new Date()): Promise<{ share: ShareView }> {
  requireScopes(actor, writeScopes);
  requireBrowser(actor);
  const prisma = await getPrisma();
  const row = await prisma.$transaction(async (tx) => {
    const share = await tx.share.findUnique({ where: { id: shareId } });
    if (!share) throw accessDenied();
    await lockForSharing(tx, actor, share.briefId, now);
    if (share.revokedAt) return share;
    await tx.briefItem.update({ where: { id: share.id }, data: { status: "revoked" } });
    return tx.share.update({ where: { id: share.id }, data: { revokedAt: now } });
  });
  return { share: toShareView(row, now) };
}

/** Every share of a brief, newest first, with who made it and when it was last opened. */
export async function listShares(actor: Actor, briefId: string, now = new Date()): Promise<ShareView[]> {
  requireScopes(actor, readScopes);
  requireBrowser(actor);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    const { project } = await findReadableBrief(tx, actor, briefId);
    if (!roleAllows(project.role, "write")) throw accessDenied();
    return (await tx.share.findMany({ where: { briefId }, orderBy: { createdAt: "desc" } })).map((row) => toShareView(row, now));
  });
}
