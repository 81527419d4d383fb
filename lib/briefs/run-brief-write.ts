import type { Actor } from "@/lib/auth/actor";
import type { Tx } from "@/lib/db/transaction";
import { runIdempotent, type IdempotentOutcome, type ReceiptCodec } from "@/lib/idempotency/run-idempotent";
import { briefReceiptCodec } from "./brief-receipt-codec";
import type { BriefRecord } from "./brief-record";
import { lockBrief, writeTime, type LockedBrief } from "./lock-brief";

/**
 * The frame of every write to an existing brief: exactly-once receipt, access and row lock, in the
 * contract's check order. The operation has checked scopes and arguments before; `write` then
 * checks state, version and its own rules.
 */
export function runLockedWrite<T>(
  actor: Actor,
  tool: string,
  args: { briefId: string; idempotencyKey: string } & Record<string, unknown>,
  write: (tx: Tx, brief: LockedBrief, now: Date) => Promise<T>,
  codec?: ReceiptCodec<T>,
): Promise<IdempotentOutcome<T>> {
  return runIdempotent(
    actor,
    tool,
    args,
    async (tx) => {
      const brief = await lockBrief(tx, actor, args.briefId, "write");
      return write(tx, brief, writeTime(brief));
    },
    codec,
  );
}

/** A write whose result carries the brief record; its receipt keeps the content by version. */
export function runBriefWrite<T extends { brief: BriefRecord }>(
  actor: Actor,
  tool: string,
  args: { briefId: string; idempotencyKey: string } & Record<string, unknown>,
  write: (tx: Tx, brief: LockedBrief, now: Date) => Promise<T>,
): Promise<IdempotentOutcome<T>> {
  return runLockedWrite(actor, tool, args, write, briefReceiptCodec<T>());
}
