import { z } from "zod";

/** The longest a link may live when it has an expiry: a year. */
export const SHARE_EXPIRY_MAX_DAYS = 366;

export const createShareSchema = z.strictObject({
  briefId: z.string().min(1).max(200),
  /** A fixed version; left out, the link shows the brief as it is when opened. */
  versionNum: z.number().int().min(1).optional(),
  expiresAt: z.date().optional(),
});

export type ShareState = "active" | "expired" | "revoked";

/** A share as the people who may share see it: never its token. */
export type ShareView = {
  id: string;
  briefId: string;
  versionNum: number | null;
  expiresAt: string | null;
  revokedAt: string | null;
  createdBy: string;
  createdAt: string;
  lastOpenedAt: string | null;
  state: ShareState;
};

export function toShareView(row: { id: string; briefId: string; versionNum: number | null; expiresAt: Date | null; revokedAt: Date | null; createdBy: string; createdAt: Date; lastOpenedAt: Date | null }, now = new Date()): ShareView {
  return {
    id: row.id,
    briefId: row.briefId,
    versionNum: row.versionNum,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
    state: row.revokedAt ? "revoked" : row.expiresAt && row.expiresAt <= now ? "expired" : "active",
  };
}
