/**
 * Writes the briefs an import made, all or none: one transaction, one check that the person may
 * write to the project, every brief at version 1 attributed to them. Briefs are sent in groups so
 * that a ZIP of many pages stays within what one statement may carry.
 */
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { stageNewBrief, type NewBrief } from "@/lib/briefs/create-brief";
import { getSql } from "@/lib/db/client";
import { WriteBatch } from "@/lib/db/write-batch";
import { accessDenied } from "@/lib/errors";
import { storeBriefFile, type BriefFile } from "@/lib/evidence/store-evidence-file";
import { addReceipt, receiptLockKey, receiptLookup, receiptLookupParams, settleReceipt, type ReceiptRow } from "@/lib/idempotency/receipt-sql";

const BRIEFS_PER_STATEMENT = 50;

/** An image an import brought, stored with its brief like an evidence file (same table, same access). */
export type ImportedFile = BriefFile;

export type CreatedBrief = { briefId: string; title: string };

/**
 * With `once`, the write is exactly-once (docs/contract.md#idempotency): a retry with the same key
 * and fingerprint gets the briefs the first call created instead of a second set.
 */
export async function importBriefs(
  actor: Actor,
  projectId: string,
  briefs: (Omit<NewBrief, "projectId"> & { files?: ImportedFile[] })[],
  tool: string,
  once?: { key: string; fingerprint: string },
): Promise<CreatedBrief[]> {
  requireScopes(actor, writeScopes);
  const scope = once && { userId: actor.userId, tool, key: once.key };
  const driver = await getSql();
  return driver.transaction(
    async (sql) => {
      const [opened] = await sql.query<{ receipt: ReceiptRow | null; writer: boolean }>(...openingStatement(projectId, actor.userId, scope));
      if (scope && once) {
        const replay = await settleReceipt<CreatedBrief[]>(sql, opened.receipt, once.fingerprint);
        if (replay) return replay.result;
      }
      if (!opened.writer) throw accessDenied();
      const now = new Date();
      const created: CreatedBrief[] = [];
      const batch = new WriteBatch();
      for (const [index, { files = [], ...brief }] of briefs.entries()) {
        const { row } = stageNewBrief(batch, actor, { ...brief, projectId }, now, tool);
        for (const file of files) storeBriefFile(batch, file, { briefId: row.id, createdById: actor.userId, now });
        created.push({ briefId: row.id, title: row.title });
        if ((index + 1) % BRIEFS_PER_STATEMENT === 0 && index + 1 < briefs.length) await batch.flush(sql);
      }
      if (scope && once) addReceipt(batch, actor, scope, once.fingerprint, created, now);
      await batch.flushLast(sql);
      return created;
    },
    scope ? { lockKey: receiptLockKey(scope) } : undefined,
  );
}

const writerCheck = (project: string, user: string) => `EXISTS (SELECT 1 FROM "Membership" WHERE "projectId" = ${project} AND "userId" = ${user} AND role IN ('owner', 'editor')) AS writer`;

/** The receipt (when the write is keyed) and the access check: one statement, receipt first, as every keyed write. */
function openingStatement(projectId: string, userId: string, scope: { userId: string; tool: string; key: string } | undefined): [string, unknown[]] {
  if (!scope) return [`SELECT NULL::json AS receipt, ${writerCheck("$1", "$2")}`, [projectId, userId]];
  return [
    `WITH receipt AS (${receiptLookup}) SELECT (SELECT row_to_json(receipt) FROM receipt) AS receipt, ${writerCheck("$5", "$1")}`,
    [...receiptLookupParams(scope, new Date()), projectId],
  ];
}
