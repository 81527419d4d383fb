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

const BRIEFS_PER_STATEMENT = 50;

/** An image an import brought, stored with its brief like an evidence file (same table, same access). */
export type ImportedFile = BriefFile;

export async function importBriefs(
  actor: Actor,
  projectId: string,
  briefs: (Omit<NewBrief, "projectId"> & { files?: ImportedFile[] })[],
  tool: string,
): Promise<{ briefId: string; title: string }[]> {
  requireScopes(actor, writeScopes);
  const driver = await getSql();
  return driver.transaction(async (sql) => {
    const [access] = await sql.query<{ writer: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM "Membership" WHERE "projectId" = $1 AND "userId" = $2 AND role IN ('owner', 'editor')) AS writer`,
      [projectId, actor.userId],
    );
    if (!access.writer) throw accessDenied();
    const now = new Date();
    const created: { briefId: string; title: string }[] = [];
    const batch = new WriteBatch();
    for (const [index, { files = [], ...brief }] of briefs.entries()) {
      const { row } = stageNewBrief(batch, actor, { ...brief, projectId }, now, tool);
      for (const file of files) storeBriefFile(batch, file, { briefId: row.id, createdById: actor.userId, now });
      created.push({ briefId: row.id, title: row.title });
      if ((index + 1) % BRIEFS_PER_STATEMENT === 0 && index + 1 < briefs.length) await batch.flush(sql);
    }
    await batch.flushLast(sql);
    return created;
  });
}
