import type { Actor } from "@/lib/auth/actor";
import type { Tx } from "@/lib/db/transaction";
import type { Prisma } from "@/lib/generated/prisma/client";
import { insertBriefItem } from "./brief-items";
import type { LockedBrief } from "./lock-brief";
import type { BriefState } from "./schema";

/**
 * Review sessions are written by the system on transitions (docs/contract.md#transitions, docs/contract.md#collections). `from` is the state the
 * brief left; an automatic move passes it because the brief row already holds the new state.
 */
export async function openReviewSession(
  tx: Tx,
  brief: LockedBrief,
  actor: Actor,
  now: Date,
  trigger: string,
  from: BriefState = brief.row.state,
) {
  await insertBriefItem(tx, {
    briefId: brief.row.id,
    seq: brief.nextSeq(),
    collection: "reviewSessions",
    data: { status: "open", openedAtVersionNum: brief.row.versionNum, openedBy: actor.label, trigger, from },
    createdById: actor.userId,
    now,
  });
}

export async function closeReviewSessions(tx: Tx, brief: LockedBrief, actor: Actor, now: Date, outcome: string) {
  const open = await tx.briefItem.findMany({
    where: { briefId: brief.row.id, collection: "reviewSessions", data: { path: ["status"], equals: "open" } },
  });
  for (const session of open) {
    await tx.briefItem.update({
      where: { id: session.id },
      data: {
        data: {
          ...(session.data as Record<string, unknown>),
          status: "closed",
          outcome,
          closedAtVersionNum: brief.row.versionNum,
          closedBy: actor.label,
          closedAt: now.toISOString(),
        } as Prisma.InputJsonValue,
      },
    });
  }
}
