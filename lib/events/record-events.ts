import type { Actor } from "@/lib/auth/actor";
import type { Tx } from "@/lib/db/transaction";
import { uuid7 } from "@/lib/db/uuid7";
import type { WriteBatch } from "@/lib/db/write-batch";
import type { EventType } from "./event-types";

/**
 * What a write says happened, before it is recorded. `data` holds ids and small facts (a state,
 * a decision, a row's index) — never section text: receivers fetch the rest through the API.
 */
/** Who made the change: a person, or a person through an agent (the label says which); no person for a verified CI report. */
export type EventActor = Pick<Actor, "label"> & { userId: Actor["userId"] | null };

export type EventDraft = {
  type: EventType;
  projectId: string;
  briefId?: string;
  /** The brief's version after the change; a brief write fills in its brief's when left out. */
  versionNum?: number;
  data?: Record<string, string | number | boolean | null | string[]>;
};

/**
 * Records a write's events in the outbox, as part of the write's own batch: they commit with the
 * change or not at all. One INSERT for all of them, so their `seq` follows the order they were
 * drafted in; a write to a brief holds the brief's row lock, so for one brief `seq` is also the
 * order in which the changes committed.
 */
export function recordEvents(batch: WriteBatch, actor: EventActor | null, now: Date, drafts: readonly EventDraft[]): void {
  if (!drafts.length) return;
  const columns = 9;
  const values: unknown[] = [];
  const rows = drafts.map((draft, i) => {
    values.push(uuid7(now.getTime()), draft.type, draft.projectId, draft.briefId ?? null, draft.versionNum ?? null, actor?.userId ?? null, actor?.label ?? "Briefs", JSON.stringify(draft.data ?? {}), now.toISOString());
    const at = i * columns;
    return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}::int, $${at + 6}, $${at + 7}, $${at + 8}::jsonb, $${at + 9}::timestamp)`;
  });
  batch.add(`INSERT INTO "OutboxEvent" (id, type, "projectId", "briefId", "versionNum", "actorId", "actorLabel", data, "createdAt") VALUES ${rows.join(", ")}`, values);
}

/** recordEvents for the writes that run in a Prisma transaction (memberships). */
export async function recordEventsIn(tx: Tx, actor: EventActor | null, now: Date, drafts: readonly EventDraft[]): Promise<void> {
  if (!drafts.length) return;
  await tx.outboxEvent.createMany({
    data: drafts.map((draft) => ({
      id: uuid7(now.getTime()),
      type: draft.type,
      projectId: draft.projectId,
      briefId: draft.briefId ?? null,
      versionNum: draft.versionNum ?? null,
      actorId: actor?.userId ?? null,
      actorLabel: actor?.label ?? "Briefs",
      data: draft.data ?? {},
      createdAt: now,
    })),
  });
}
