import type { Actor } from "@/lib/auth/actor";
import type { Tx } from "@/lib/db/transaction";
import type { Brief } from "@/lib/generated/prisma/client";
import { accessDenied, DomainError } from "@/lib/errors";
import { authorizeProject, type AuthorizedProject, type ProjectNeed } from "@/lib/projects/project-access";
import { isReadOnlyState, stateConflictError } from "./lifecycle";
import type { BriefContent } from "./schema";
import { loadCurrentContent } from "./version-store";

/** The brief row without its jsonb copy of the content: the content comes from its version. */
export type BriefRow = Omit<Brief, "content">;

export type LockedBrief = {
  row: BriefRow;
  content: BriefContent;
  project: AuthorizedProject;
  /** Next value of the per-brief insertion sequence shared by all collections. */
  nextSeq(): number;
  lastSeq(): number;
};

/**
 * Every write to a brief starts here: access is proven first (so nobody can hold up another
 * tenant's writers), then the row lock serialises writers of one brief across all app processes
 * (PGlite's ignored isolation levels never matter), then the row is read as of the lock.
 */
export async function lockBrief(tx: Tx, actor: Actor, briefId: string, need: ProjectNeed = "write"): Promise<LockedBrief> {
  const located = await tx.brief.findUnique({ where: { id: briefId }, select: { projectId: true } });
  if (!located) throw accessDenied();
  const project = await authorizeProject(tx, actor, located.projectId, need);
  await tx.$queryRaw`SELECT id FROM "Brief" WHERE id = ${briefId} FOR UPDATE`;
  const row = await tx.brief.findUnique({ where: { id: briefId }, omit: { content: true } });
  if (!row) throw accessDenied();
  let seq = row.itemSeq;
  const content = await loadCurrentContent(tx, row);
  return { row, content, project, nextSeq: () => ++seq, lastSeq: () => seq };
}

/**
 * The time a write to a locked brief happens. Read only once the row lock is held, because writers
 * queued on the lock commit in lock order; and never before the brief's last change, so timestamps
 * follow versionNum and the item sequence also across app instances whose clocks differ slightly.
 */
export function writeTime(brief: LockedBrief): Date {
  return new Date(Math.max(Date.now(), brief.row.updatedAt.getTime()));
}

/** Superseded and closed briefs are read-only. */
export function assertWritable(brief: LockedBrief): void {
  if (isReadOnlyState(brief.row.state)) throw stateConflictError(brief.row.state, "BRIEF_READ_ONLY");
}

export function assertVersion(brief: LockedBrief, ifVersionNum: number | undefined, extra: Record<string, unknown> = {}): void {
  if (ifVersionNum !== undefined && ifVersionNum !== brief.row.versionNum) {
    throw versionConflict(brief, "VERSION_MISMATCH", extra, `The brief is at version ${brief.row.versionNum}, not ${ifVersionNum}. Read it again and retry.`);
  }
}

export function versionConflict(brief: LockedBrief, reason: string, extra: Record<string, unknown>, message: string): DomainError {
  return new DomainError("BRIEF_VERSION_CONFLICT", message, {
    reason,
    currentVersionNum: brief.row.versionNum,
    currentVersionHash: brief.row.currentVersionHash,
    ...extra,
  });
}
