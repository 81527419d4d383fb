import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { getSql } from "@/lib/db/client";
import { uuid7 } from "@/lib/db/uuid7";
import { WriteBatch } from "@/lib/db/write-batch";
import { recordEvents } from "@/lib/events/record-events";
import { accessDenied, validationError } from "@/lib/errors";
import { addReceipt, receiptLockKey, receiptLookup, receiptLookupParams, settleReceipt, type ReceiptRow } from "@/lib/idempotency/receipt-sql";
import type { IdempotentOutcome } from "@/lib/idempotency/run-idempotent";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { templateForNewBrief } from "@/lib/templates/template-for-new-brief";
import { documentApprovalHash, documentHash, documentOf } from "./brief-document";
import { toBriefRecord } from "./brief-record";
import type { BriefRecord } from "./result-schemas";
import { briefReceiptCodec } from "./brief-receipt-codec";
import { fingerprint } from "./content-hash";
import { reconcileContentChecklist } from "./reconcile-checklist";
import { createBriefServiceSchema, type createBriefArgsSchema } from "./tool-arguments";
import { parseContentInput } from "./validate-content";
import { storeVersion } from "./version-store";
import { writeSearchDocument } from "./search-document";
import { insertBriefItem } from "./brief-items";
import { diffDecisions } from "./decision-diff";
import { via } from "./via";

const TOOL = "brief_create";

/**
 * A new brief in `drafting` at version 1, with the content given, a template's content, or the
 * empty document.
 */
export async function createBrief(
  actor: Actor,
  input: z.input<typeof createBriefArgsSchema>,
): Promise<IdempotentOutcome<{ brief: BriefRecord }>> {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(createBriefServiceSchema, input);
  if (args.template !== undefined && args.content !== undefined) {
    throw validationError(
      [
        { path: "template", message: "Give a template or content, not both." },
        { path: "content", message: "Give content or a template, not both." },
      ],
      "template and content cannot be given together.",
    );
  }
  const given = args.content === undefined ? undefined : parseContentInput(args.content);
  const { idempotencyKey: key, ...rest } = args;
  const print = fingerprint(rest);
  const scope = { userId: actor.userId, tool: TOOL, key };
  const codec = briefReceiptCodec<{ brief: BriefRecord }>();
  const driver = await getSql();
  return driver.transaction(
    async (sql) => {
      // The receipt first (docs/contract.md#idempotency), then access: one statement.
      const [opened] = await sql.query<{ receipt: ReceiptRow | null; writer: boolean }>(
        `WITH receipt AS (${receiptLookup})
         SELECT (SELECT row_to_json(receipt) FROM receipt) AS receipt,
                EXISTS (SELECT 1 FROM "Membership" WHERE "projectId" = $5 AND "userId" = $1 AND role IN ('owner', 'editor')) AS writer`,
        [...receiptLookupParams(scope, new Date()), args.projectId],
      );
      const replay = await settleReceipt(sql, opened.receipt, print, codec);
      if (replay) return replay;
      if (!opened.writer) throw accessDenied();
      // A template is read in this transaction, after access: its content is what it is now.
      const parsed = args.template === undefined ? (given ?? {}) : parseContentInput(await templateForNewBrief(sql, actor, args.template, args.projectId));

      const now = new Date();
      const content = reconcileContentChecklist(undefined, parsed, actor.label, now);
      const document = documentOf(content);
      const row = {
        id: uuid7(now.getTime()),
        projectId: args.projectId,
        // Both doors store titles trimmed (docs/contract.md#names-and-titles).
        title: args.title.trim(),
        state: "drafting" as const,
        versionNum: 1,
        currentVersionHash: documentHash(document),
        approvalHash: documentApprovalHash(document),
      };
      const batch = new WriteBatch();
      let seq = 0;
      storeVersion(
        batch,
        { briefId: row.id, seq: ++seq, versionNum: 1, hash: row.currentVersionHash, approvalHash: row.approvalHash, createdBy: actor.label, createdById: actor.userId, via: via(actor, TOOL), createdAt: now },
        document,
      );
      const decisions = diffDecisions(undefined, content.decisions);
      if (decisions) {
        insertBriefItem(batch, {
          briefId: row.id,
          seq: ++seq,
          collection: "decisionHistory",
          data: { versionNum: 1, ...decisions, changedBy: actor.label, via: via(actor, TOOL) },
          createdById: actor.userId,
          now,
        });
      }
      batch.add(
        `INSERT INTO "Brief" (id, "projectId", title, state, "versionNum", "currentVersionHash", "approvalHash", "itemSeq", "createdById", "createdAt", "updatedAt")
         VALUES ($1, $2, $3, 'drafting', 1, $4, $5, $6, $7, $8, $8)`,
        [row.id, row.projectId, row.title, row.currentVersionHash, row.approvalHash, seq, actor.userId, now.toISOString()],
      );
      writeSearchDocument(batch, row.id, row.title, document);
      recordEvents(batch, actor, now, [{ type: "brief.created", projectId: row.projectId, briefId: row.id, versionNum: 1 }]);
      const outcome = addReceipt(batch, actor, scope, print, { brief: toBriefRecord(row, content, { createdNewVersion: true, staledApprovals: 0 }) }, now, codec);
      await batch.flushLast(sql);
      return outcome;
    },
    { lockKey: receiptLockKey(scope) },
  );
}
