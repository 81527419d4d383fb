import { documentApprovalHash, documentHash, documentOf } from "./brief-document";
import { diffDecisions } from "./decision-diff";
import { automaticStateAfterWrite, isChecklistComplete } from "./lifecycle";
import { insertBriefItem } from "./brief-items";
import type { BriefWrite } from "./run-brief-write";
import { storeVersion } from "./version-store";
import { openReviewSession } from "./review-sessions";
import { searchTextMayDiffer, writeSearchDocument } from "./search-document";
import type { BriefContent } from "./schema";

type ContentChange = { createdNewVersion: boolean; staledApprovals: number };

/**
 * The one place a brief's content changes (docs/contract.md#versions, docs/contract.md#automatic-moves). Under the brief's row lock: an
 * unchanged canonical hash is a no-op; otherwise mint version n+1, stale approvals of an earlier
 * approval hash, record a decisions change, apply the automatic state moves, and save the brief.
 * The caller has checked access, state and preconditions, and reconciled the checklist. Sections
 * `next` shares with the current content (same objects) are neither re-serialised nor re-hashed;
 * `approvalUnchanged` says the write touched only sections outside the approval hash. The search
 * document follows the title and the text, in the same batch (docs/contract.md#search).
 */
export async function commitContent(
  { sql, batch, brief, now, actor, events }: BriefWrite,
  next: BriefContent,
  context: {
    via: string;
    title?: string;
    approvalUnchanged?: boolean;
    restoredFrom?: number;
    proposal?: { id: string; author: string };
    /** The event the new version is: an edit (the default), or a tick of the row at `index`. */
    tick?: { index: number; checked: boolean };
  },
): Promise<ContentChange> {
  const { row } = brief;
  const { via } = context;
  const titleChanged = context.title !== undefined && context.title !== row.title;
  const document = documentOf(next, brief.document);
  const hash = documentHash(document);
  if (hash === row.currentVersionHash) {
    if (titleChanged) {
      events.push({ type: "brief.version_created", data: { restoredFrom: null, proposalId: null, titleChanged: true } });
      batch.add(`UPDATE "Brief" SET title = $2, "updatedAt" = $3 WHERE id = $1`, [row.id, context.title, now.toISOString()]);
      writeSearchDocument(batch, row.id, context.title!, document);
      row.title = context.title!;
      row.updatedAt = now;
    }
    return { createdNewVersion: false, staledApprovals: 0 };
  }

  const versionNum = row.versionNum + 1;
  const nextApprovalHash = context.approvalUnchanged && row.approvalHash ? row.approvalHash : documentApprovalHash(document);
  const approvalChanged = nextApprovalHash !== row.approvalHash;
  storeVersion(
    batch,
    { briefId: row.id, seq: brief.nextSeq(), versionNum, hash, approvalHash: nextApprovalHash, createdBy: actor.label, createdById: actor.userId, via, restoredFrom: context.restoredFrom, proposal: context.proposal, createdAt: now },
    document,
    brief.document,
  );

  // Its count is part of the result (and so of the receipt): the one write that cannot wait for the batch.
  const staled = approvalChanged
    ? await sql.query<{ id: string; userId: string }>(`UPDATE "Approval" SET stale = true, "staledAtVersionNum" = $3 WHERE "briefId" = $1 AND stale = false AND "approvalHash" <> $2 RETURNING id, "userId"`, [
        row.id,
        nextApprovalHash,
        versionNum,
      ])
    : [];
  events.push(
    context.tick
      ? { type: "brief.checklist_ticked", versionNum, data: { index: context.tick.index, checked: context.tick.checked } }
      : { type: "brief.version_created", versionNum, data: { restoredFrom: context.restoredFrom ?? null, proposalId: context.proposal?.id ?? null, titleChanged } },
  );
  for (const approval of staled) events.push({ type: "brief.approval_stale", versionNum, data: { approvalId: approval.id, userId: approval.userId } });

  const decisions = diffDecisions(brief.content.decisions, next.decisions);
  if (decisions) {
    insertBriefItem(batch, {
      briefId: row.id,
      seq: brief.nextSeq(),
      collection: "decisionHistory",
      data: { versionNum, ...decisions, changedBy: actor.label, via },
      createdById: actor.userId,
      now,
    });
  }

  const from = row.state;
  const state = automaticStateAfterWrite(from, {
    approvalHashChanged: approvalChanged,
    checklistRowUnchecked: !isChecklistComplete(next),
  });
  // Opened at the new version, so the session names the version that sent the brief back to review.
  if (state !== from) events.push({ type: "brief.state_changed", versionNum, data: { from, to: state, automatic: true } });
  if (state === "in_review" && from !== "in_review") openReviewSession(batch, brief, actor, now, `requirements changed while ${from}`, from, versionNum);
  batch.add(
    `UPDATE "Brief" SET "versionNum" = $2, "currentVersionHash" = $3, "approvalHash" = $4, state = $5::"BriefState", "itemSeq" = $6, "updatedAt" = $7${titleChanged ? ", title = $8" : ""} WHERE id = $1`,
    [row.id, versionNum, hash, nextApprovalHash, state, brief.lastSeq(), now.toISOString(), ...(titleChanged ? [context.title] : [])],
  );
  if (titleChanged || searchTextMayDiffer(brief.document, document)) writeSearchDocument(batch, row.id, titleChanged ? context.title! : row.title, document);
  Object.assign(row, { versionNum, currentVersionHash: hash, approvalHash: nextApprovalHash, state, itemSeq: brief.lastSeq(), updatedAt: now, ...(titleChanged && { title: context.title }) });
  brief.document = document;
  return { createdNewVersion: true, staledApprovals: staled.length };
}
