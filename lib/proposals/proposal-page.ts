import { sqlOf, type Tx } from "@/lib/db/transaction";
import type { BriefContent } from "@/lib/briefs/schema";
import type { ProposalRow } from "./proposal-item";
import type { ProposalItem } from "./proposal-schema";
import { standingOf } from "./proposal-standing";
import type { ChangeRefs } from "./proposed-sections";

/**
 * A page of proposals with the standing of each open one against the brief's current version
 * (`mergeable`, `conflicts`, `overlapsWith`), computed at read time so it is always current.
 */
export async function withStanding(tx: Tx, brief: { id: string; versionNum: number }, content: BriefContent, items: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const open = (items as ProposalItem[]).filter((item) => item.status === "open" && !item.legacy);
  if (!open.length) return items;
  const sql = sqlOf(tx);
  // Items show no references to their proposed sections; the standing needs them.
  const refs = await sql.query<{ id: string; changeRefs: unknown }>(`SELECT id, data->'changeRefs' AS "changeRefs" FROM "BriefItem" WHERE id = ANY($1::text[])`, [open.map((item) => item.id)]);
  const refsOf = new Map(refs.map((r) => [r.id, (typeof r.changeRefs === "string" ? JSON.parse(r.changeRefs) : r.changeRefs) as ChangeRefs]));
  const rows: ProposalRow[] = open.map((item) => ({ id: item.id, status: item.status, legacy: false, data: { ...item, changeRefs: refsOf.get(item.id) ?? [] }, createdById: null, createdAt: item.createdAt }));
  const standing = await standingOf(sql, brief, content, rows);
  return items.map((item) => ({ ...item, ...standing.get(item.id as string) }));
}

/** How many proposals of the brief are open (legacy ones included: they wait for a decision too). */
export async function countOpenProposals(tx: Tx, briefId: string): Promise<number> {
  return tx.briefItem.count({ where: { briefId, collection: "proposals", status: "open" } });
}
