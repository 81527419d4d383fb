import type { Actor } from "@/lib/auth/actor";
import type { Tx } from "@/lib/db/transaction";
import type { Prisma } from "@/lib/generated/prisma/client";
import { approvalHash, contentHash } from "./content-hash";
import { diffDecisions } from "./decision-diff";
import { automaticStateAfterWrite, isChecklistComplete } from "./lifecycle";
import type { LockedBrief } from "./lock-brief";
import { insertBriefItem } from "./brief-items";
import { sectionsOf, storeVersion } from "./version-store";
import { openReviewSession } from "./review-sessions";
import type { BriefContent } from "./schema";

type ContentChange = { createdNewVersion: boolean; staledApprovals: number };

/**
 * The one place a brief's content changes (docs/contract.md#versions, docs/contract.md#automatic-moves). Under the brief's row lock: an
 * unchanged canonical hash is a no-op; otherwise mint version n+1, stale approvals of an earlier
 * approval hash, record a decisions change, apply the automatic state moves, and save the brief.
 * The caller has checked access, state and preconditions, and reconciled the checklist.
 */
export async function commitContent(
  tx: Tx,
  brief: LockedBrief,
  next: BriefContent,
  context: { actor: Actor; via: string; now: Date; title?: string },
): Promise<ContentChange> {
  const { row } = brief;
  const { actor, via, now } = context;
  const hash = contentHash(next);
  if (hash === row.currentVersionHash) {
    if (context.title !== undefined && context.title !== row.title) {
      Object.assign(row, await tx.brief.update({ where: { id: row.id }, data: { title: context.title, updatedAt: now } }));
    }
    return { createdNewVersion: false, staledApprovals: 0 };
  }

  const versionNum = row.versionNum + 1;
  const nextApprovalHash = approvalHash(next);
  const approvalChanged = nextApprovalHash !== row.approvalHash;
  const previous = await tx.briefVersion.findUnique({
    where: { briefId_versionNum: { briefId: row.id, versionNum: row.versionNum } },
    select: { sections: true },
  });
  await storeVersion(
    tx,
    { briefId: row.id, seq: brief.nextSeq(), versionNum, hash, approvalHash: nextApprovalHash, createdBy: actor.label, createdById: actor.userId, via, createdAt: now },
    next,
    previous ? sectionsOf(previous) : [],
  );

  const staledApprovals = approvalChanged
    ? (
        await tx.approval.updateMany({
          where: { briefId: row.id, stale: false, approvalHash: { not: nextApprovalHash } },
          data: { stale: true, staledAtVersionNum: versionNum },
        })
      ).count
    : 0;

  const decisions = diffDecisions(brief.content.decisions, next.decisions);
  if (decisions) {
    await insertBriefItem(tx, {
      briefId: row.id,
      seq: brief.nextSeq(),
      collection: "decisionHistory",
      data: { versionNum, ...decisions, changedBy: actor.label, via },
      createdById: actor.userId,
      now,
    });
  }

  const state = automaticStateAfterWrite(row.state, {
    approvalHashChanged: approvalChanged,
    checklistRowUnchecked: !isChecklistComplete(next),
  });
  const updated = await tx.brief.update({
    where: { id: row.id },
    data: {
      content: next as Prisma.InputJsonValue,
      versionNum,
      currentVersionHash: hash,
      approvalHash: nextApprovalHash,
      state,
      itemSeq: brief.lastSeq(),
      updatedAt: now,
      ...(context.title !== undefined && { title: context.title }),
    },
  });
  const from = row.state;
  Object.assign(row, updated);
  brief.content = next;
  if (state === "in_review" && from !== "in_review") {
    // Opened after the save so the session names the new version; its seq was not yet handed out.
    await openReviewSession(tx, brief, actor, now, `requirements changed while ${from}`, from);
    await tx.brief.update({ where: { id: row.id }, data: { itemSeq: brief.lastSeq() } });
  }
  return { createdNewVersion: true, staledApprovals };
}
