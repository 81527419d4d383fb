import type { Actor } from "@/lib/auth/actor";
import type { WriteBatch } from "@/lib/db/write-batch";
import { insertBriefItem } from "./brief-items";
import type { LockedBrief } from "./lock-brief";
import type { BriefState } from "./schema";

/**
 * Review sessions are written by the system on transitions (docs/contract.md#transitions, docs/contract.md#collections). `from` is the state the
 * brief left; `versionNum` the version the session opens at (after an automatic move, the new one).
 */
export function openReviewSession(
  batch: WriteBatch,
  brief: LockedBrief,
  actor: Actor,
  now: Date,
  trigger: string,
  from: BriefState = brief.row.state,
  versionNum: number = brief.row.versionNum,
): void {
  insertBriefItem(batch, {
    briefId: brief.row.id,
    seq: brief.nextSeq(),
    collection: "reviewSessions",
    data: { status: "open", openedAtVersionNum: versionNum, openedBy: actor.label, trigger, from },
    createdById: actor.userId,
    now,
  });
}

/** Closes every open review session of the brief (only ever open while it is in review). */
export function closeReviewSessions(batch: WriteBatch, brief: LockedBrief, actor: Actor, now: Date, outcome: string): void {
  batch.add(
    `UPDATE "BriefItem" SET data = data || jsonb_build_object('status', 'closed', 'outcome', $2::text, 'closedAtVersionNum', $3::int, 'closedBy', $4::text, 'closedAt', $5::text)
      WHERE "briefId" = $1 AND collection = 'reviewSessions' AND data->>'status' = 'open'`,
    [brief.row.id, outcome, brief.row.versionNum, actor.label, now.toISOString()],
  );
}
