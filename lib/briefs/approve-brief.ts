import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toApprovalItem, type ApprovalItem } from "./approval-item";
import { toBriefRecord, type BriefRecord } from "./brief-record";
import { stateConflictError } from "./lifecycle";
import { assertVersion } from "./lock-brief";
import { runBriefWrite } from "./run-brief-write";
import { approveBriefArgsSchema } from "./tool-arguments";
import { findLiveApproval } from "./find-live-approval";

const TOOL = "brief_approve";

/**
 * Approves the brief's current requirements (its approval hash). Only in review; one live
 * approval per person, so approving again returns the live one instead of adding another.
 */
export async function approveBrief(actor: Actor, input: z.input<typeof approveBriefArgsSchema>) {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(approveBriefArgsSchema, input);
  return runBriefWrite<{ brief: BriefRecord; approval: ApprovalItem }>(actor, TOOL, args, async (tx, brief, now) => {
    const { row } = brief;
    if (row.state !== "in_review") throw stateConflictError(row.state, row.state === "superseded" || row.state === "closed" ? "BRIEF_READ_ONLY" : "NOT_IN_REVIEW");
    assertVersion(brief, args.ifVersionNum);
    const live = await findLiveApproval(tx, row.id, actor.userId);
    const approval =
      live ??
      toApprovalItem(await tx.approval.create({
        data: {
          briefId: row.id,
          seq: brief.nextSeq(),
          userId: actor.userId,
          versionNum: row.versionNum,
          approvalHash: row.approvalHash!,
          approvedBy: actor.label,
          createdAt: now,
        },
      }));
    if (!live) await tx.brief.update({ where: { id: row.id }, data: { itemSeq: brief.lastSeq(), updatedAt: now } });
    return { brief: toBriefRecord(row, brief.content), approval };
  });
}
