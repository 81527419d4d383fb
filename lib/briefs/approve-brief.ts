import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { uuid7 } from "@/lib/db/uuid7";
import type { Approval } from "@/lib/generated/prisma/client";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toApprovalItem } from "./approval-item";
import { toBriefRecord } from "./brief-record";
import type { ApprovalItem, BriefRecord } from "./result-schemas";
import { stateConflictError } from "./lifecycle";
import { assertVersion } from "./lock-brief";
import { runBriefWrite } from "./run-brief-write";
import { approveBriefArgsSchema } from "./tool-arguments";

const TOOL = "brief_approve";

/**
 * Approves the brief's current requirements (its approval hash). Only in review; one live
 * approval per person, so approving again returns the live one instead of adding another.
 */
export async function approveBrief(actor: Actor, input: z.input<typeof approveBriefArgsSchema>) {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(approveBriefArgsSchema, input);
  return runBriefWrite<{ brief: BriefRecord; approval: ApprovalItem }>(actor, TOOL, args, async ({ sql, batch, brief, now, events }) => {
    const { row } = brief;
    if (row.state !== "in_review") throw stateConflictError(row.state, row.state === "superseded" || row.state === "closed" ? "BRIEF_READ_ONLY" : "NOT_IN_REVIEW");
    assertVersion(brief, args.ifVersionNum);
    // A person's live approval is matched by who they are, not by their label.
    const [live] = await sql.query<Omit<Approval, "createdAt"> & { createdAt: string }>(
      `SELECT id, "briefId", seq, "userId", "versionNum", "approvalHash", "approvedBy", stale, "staledAtVersionNum", "createdAt" AT TIME ZONE 'UTC' AS "createdAt"
         FROM "Approval" WHERE "briefId" = $1 AND "userId" = $2 AND stale = false LIMIT 1`,
      [row.id, actor.userId],
    );
    if (live) return { brief: toBriefRecord(row, brief.content), approval: toApprovalItem({ ...live, createdAt: new Date(live.createdAt) }) };
    const approval: Approval = {
      id: uuid7(now.getTime()),
      briefId: row.id,
      seq: brief.nextSeq(),
      userId: actor.userId,
      versionNum: row.versionNum,
      approvalHash: row.approvalHash!,
      approvedBy: actor.label,
      stale: false,
      staledAtVersionNum: null,
      createdAt: now,
    };
    batch.add(
      `INSERT INTO "Approval" (id, "briefId", seq, "userId", "versionNum", "approvalHash", "approvedBy", "createdAt") VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [approval.id, approval.briefId, approval.seq, approval.userId, approval.versionNum, approval.approvalHash, approval.approvedBy, now.toISOString()],
    );
    batch.add(`UPDATE "Brief" SET "itemSeq" = $2, "updatedAt" = $3 WHERE id = $1`, [row.id, brief.lastSeq(), now.toISOString()]);
    events.push({ type: "brief.approved", data: { approvalId: approval.id } });
    Object.assign(row, { itemSeq: brief.lastSeq(), updatedAt: now });
    return { brief: toBriefRecord(row, brief.content), approval: toApprovalItem(approval) };
  });
}
