import type { Actor } from "@/lib/auth/actor";
import { getSql } from "@/lib/db/client";
import type { Sql } from "@/lib/db/sql";
import { WriteBatch } from "@/lib/db/write-batch";
import { addReceipt, receiptLockKey, receiptLookup, receiptLookupParams, settleReceipt, type ReceiptRow, type SqlReceiptCodec } from "@/lib/idempotency/receipt-sql";
import type { IdempotentOutcome } from "@/lib/idempotency/run-idempotent";
import type { SectionRef } from "./brief-document";
import { briefReceiptCodec } from "./brief-receipt-codec";
import type { BriefRecord } from "./result-schemas";
import { fingerprint } from "./content-hash";
import { recordEvents, type EventActor, type EventDraft } from "@/lib/events/record-events";
import { lockBriefForWriter, lockedBrief, writeTime, type LockedBrief, type WriterRoles } from "./lock-brief";

/**
 * What a write to a locked brief works with: reads go to `sql`, every change into `batch`, and what
 * others may hear of into `events` (lib/events), recorded in the same batch.
 */
export type BriefWrite = { sql: Sql; batch: WriteBatch; brief: LockedBrief; now: Date; actor: Actor; events: BriefEvent[] };

/**
 * What writing evidence and findings needs of a write: a verified CI report writes them for no
 * person (`actor.userId` null), in a frame of its own (lib/ci-proof).
 */
export type EvidenceWrite = Pick<BriefWrite, "sql" | "batch" | "brief" | "now" | "events"> & { actor: EventActor };

/** An event of a brief write: its project and brief are the locked brief's. */
export type BriefEvent = Omit<EventDraft, "projectId" | "briefId">;

/**
 * The frame of every write to an existing brief, in the contract's check order: the receipt
 * (replay or IDEMPOTENCY_KEY_REUSED), then access, then the row lock — receipt, access, lock, row
 * and current sections in one statement — then `write`, which checks state, version and its own
 * rules and puts its changes into the batch. The batch and the receipt go out as one statement,
 * sent with COMMIT. On PostgreSQL a write thus costs two round trips: BEGIN with the advisory lock
 * and the opening read, then the writes with COMMIT (lib/db/sql.ts).
 */
export async function runLockedWrite<T>(
  actor: Actor,
  tool: string,
  args: { briefId: string; idempotencyKey: string } & Record<string, unknown>,
  write: (w: BriefWrite) => Promise<T>,
  codec?: SqlReceiptCodec<T>,
  roles: WriterRoles = "edit",
): Promise<IdempotentOutcome<T>> {
  const { idempotencyKey: key, ...rest } = args;
  const print = fingerprint(rest);
  const scope = { userId: actor.userId, tool, key };
  const driver = await getSql();
  return driver.transaction(
    async (sql) => {
      const [opened] = await sql.query<{ receipt: ReceiptRow | null; brief: Parameters<typeof lockedBrief>[1]; sections: SectionRef[] | null }>(
        `WITH receipt AS (${receiptLookup}),
         locked AS (${lockBriefForWriter("$1", "$5", roles)} AND NOT EXISTS (SELECT 1 FROM receipt WHERE live) FOR UPDATE OF b)
         SELECT (SELECT row_to_json(receipt) FROM receipt) AS receipt,
                (SELECT row_to_json(locked) FROM locked) AS brief,
                (SELECT v.sections FROM "BriefVersion" v JOIN locked l ON v."briefId" = l.id AND v."versionNum" = l."versionNum") AS sections`,
        [...receiptLookupParams(scope, new Date()), args.briefId],
      );
      const replay = await settleReceipt(sql, opened.receipt, print, codec);
      if (replay) return replay;
      // An expired receipt of this key was in the way: the lock was not taken; take it now.
      const reopened =
        opened.receipt && !opened.receipt.live
          ? { sections: null, brief: (await sql.query<Pick<typeof opened, "brief">>(`WITH locked AS (${lockBriefForWriter("$1", "$2", roles)} FOR UPDATE OF b) SELECT row_to_json(locked) AS brief FROM locked`, [actor.userId, args.briefId]))[0]?.brief ?? null }
          : opened;
      const brief = await lockedBrief(sql, reopened.brief, reopened.sections);
      const now = writeTime(brief);
      const batch = new WriteBatch();
      const events: BriefEvent[] = [];
      const result = await write({ sql, batch, brief, now, actor, events });
      // After the write, so an event without a version of its own carries the brief's version after it.
      const { row } = brief;
      recordEvents(batch, actor, now, events.map((event) => ({ ...event, projectId: row.projectId, briefId: row.id, versionNum: event.versionNum ?? row.versionNum })));
      const outcome = addReceipt(batch, actor, scope, print, result, now, codec);
      await batch.flushLast(sql);
      return outcome;
    },
    { lockKey: receiptLockKey(scope) },
  );
}

/** A write whose result carries the brief record; its receipt keeps the content by version. */
export function runBriefWrite<T extends { brief: BriefRecord }>(
  actor: Actor,
  tool: string,
  args: { briefId: string; idempotencyKey: string } & Record<string, unknown>,
  write: (w: BriefWrite) => Promise<T>,
  roles: WriterRoles = "edit",
): Promise<IdempotentOutcome<T>> {
  return runLockedWrite(actor, tool, args, write, briefReceiptCodec<T>(), roles);
}
