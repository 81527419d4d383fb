import type { Sql } from "@/lib/db/sql";
import type { Brief } from "@/lib/generated/prisma/client";
import { accessDenied, DomainError } from "@/lib/errors";
import type { AuthorizedProject } from "@/lib/projects/project-access";
import { loadDocument, type BriefDocument, type SectionRef } from "./brief-document";
import { isReadOnlyState, stateConflictError } from "./lifecycle";
import type { BriefContent } from "./schema";

export type BriefRow = Pick<
  Brief,
  "id" | "projectId" | "title" | "state" | "versionNum" | "currentVersionHash" | "approvalHash" | "stateReason" | "successorBriefId" | "itemSeq" | "updatedAt"
>;

export type LockedBrief = {
  row: BriefRow;
  document: BriefDocument;
  readonly content: BriefContent;
  project: AuthorizedProject;
  /** Next value of the per-brief insertion sequence shared by all collections. */
  nextSeq(): number;
  lastSeq(): number;
};

/**
 * Who may take a brief's write lock: `edit`, owners and editors (content, lifecycle, decisions);
 * `review`, reviewers too (comments, proposals and withdrawing them: docs/contract.md#proposals).
 */
export type WriterRoles = "edit" | "review" | "manage";
const writerRoles: Record<WriterRoles, string> = { edit: "'owner', 'editor'", review: "'owner', 'editor', 'reviewer'", manage: "'owner'" };

/**
 * The CTE body that proves access and takes the row lock in one step, for a writer (owner or
 * editor, or with `review` a reviewer too): a brief of another project, a viewer's brief and a
 * missing one all give no row, and such a caller never waits for, nor holds, the lock. The lock
 * serialises writers of one brief across all app processes; the row is returned as of the lock.
 * `user` and `brief` name the statement's parameters holding the user id and the brief id.
 */
export const lockBriefForWriter = (user: string, brief: string, roles: WriterRoles = "edit") => `SELECT b.id, b."projectId", b.title, b.state, b."versionNum", b."currentVersionHash", b."approvalHash",
         b."stateReason", b."successorBriefId", b."itemSeq", b."updatedAt" AT TIME ZONE 'UTC' AS "updatedAt", m.role
    FROM "Brief" b JOIN "Membership" m ON m."projectId" = b."projectId" AND m."userId" = ${user} AND m.role IN (${writerRoles[roles]})
   WHERE b.id = ${brief}`;

type LockedRowJson = Omit<BriefRow, "updatedAt"> & { updatedAt: string; role: AuthorizedProject["role"] };

/**
 * The locked brief from the opening statement's row and its current version's sections. The
 * sections come in the same statement when the lock was free; when it was not, a writer may have
 * committed a newer version than that statement could see, so they are read again (now visible).
 */
export async function lockedBrief(sql: Sql, locked: LockedRowJson | null, sections: SectionRef[] | null): Promise<LockedBrief> {
  if (!locked) throw accessDenied();
  const { role, updatedAt, ...rest } = locked;
  const row: BriefRow = { ...rest, updatedAt: new Date(updatedAt) };
  let refs = sections;
  if (!refs) {
    const [version] = await sql.query<{ sections: SectionRef[] }>(`SELECT sections FROM "BriefVersion" WHERE "briefId" = $1 AND "versionNum" = $2`, [row.id, row.versionNum]);
    if (!version) throw new Error(`brief ${row.id} has no version ${row.versionNum}`);
    refs = version.sections;
  }
  const document = await loadDocument(sql, refs);
  let seq = row.itemSeq;
  const brief: LockedBrief = {
    row,
    document,
    get content() {
      return brief.document.content;
    },
    project: { projectId: row.projectId, role } as AuthorizedProject,
    nextSeq: () => ++seq,
    lastSeq: () => seq,
  };
  return brief;
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
