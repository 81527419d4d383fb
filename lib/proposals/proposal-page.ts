import { sqlOf, type Tx } from "@/lib/db/transaction";
import type { BriefContent } from "@/lib/briefs/schema";
import type { ProposalRow } from "./proposal-item";
import type { ProposalItem } from "./proposal-schema";
import { standingOf } from "./proposal-standing";

/**
 * A page of proposals with the standing of each open one against the brief's current version
 * (`mergeable`, `conflicts`, `overlapsWith`), computed at read time so it is always current.
 */
export async function withStanding(tx: Tx, brief: { id: string; versionNum: number }, content: BriefContent, items: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const open = (items as ProposalItem[]).filter((item) => item.status === "open" && !item.legacy);
  if (!open.length) return items;
  const rows: ProposalRow[] = open.map((item) => ({ id: item.id, status: item.status, legacy: false, data: item, createdById: null, createdAt: item.createdAt }));
  const standing = await standingOf(sqlOf(tx), brief, content, rows);
  return items.map((item) => ({ ...item, ...standing.get(item.id as string) }));
}

/**
 * A page of the proposals collection, newest first, read without the proposed sections themselves:
 * a page of 100 proposals of a large brief would otherwise carry 100 copies of its longest sections.
 */
export async function proposalPageRows(tx: Tx, briefId: string, beforeSeq: number | undefined, take: number) {
  return tx.$queryRaw<Array<ProposalRow & { seq: number }>>`
    SELECT id, seq, status, legacy, CASE WHEN legacy THEN data ELSE data - 'changes' END AS data, "createdById", "createdAt"
      FROM "BriefItem"
     WHERE "briefId" = ${briefId} AND collection = 'proposals' AND seq < ${beforeSeq ?? 2147483647}
     ORDER BY seq DESC LIMIT ${take}`;
}

/** How many proposals of the brief are open (legacy ones included: they wait for a decision too). */
export async function countOpenProposals(tx: Tx, briefId: string): Promise<number> {
  return tx.briefItem.count({ where: { briefId, collection: "proposals", status: "open" } });
}
