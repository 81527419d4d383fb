import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import type { SectionRef } from "./brief-document";
import { listBriefs } from "./list-briefs";
import type { BriefSummary } from "./result-schemas";
import { cachedSection, sectionFacts } from "./section-cache";
import type { listBriefsArgsSchema } from "./tool-arguments";

/** How far QA got: rows checked out of all rows of the current version's checklist. */
export type ChecklistProgress = { checked: number; total: number };

export type BriefListItem = BriefSummary & { checklist: ChecklistProgress | null; openProposals: number };

/**
 * The web's project list: brief_list's page (the same access check, filters and cursor), each brief
 * with its QA progress and how many proposals wait for a decision. Kept out of the MCP contract
 * (brief_list items keep their seven fields): agents read the checklist and proposals themselves.
 * `checklist` is null when the current version has no checklist rows.
 */
export async function listBriefsWithProgress(actor: Actor, input: z.input<typeof listBriefsArgsSchema>) {
  const page = await listBriefs(actor, input);
  const [progress, proposals] = await Promise.all([checklistProgressOf(page.items), openProposalCounts(page.items)]);
  return { ...page, items: page.items.map((brief): BriefListItem => ({ ...brief, checklist: progress.get(brief.id) ?? null, openProposals: proposals.get(brief.id) ?? 0 })) };
}

async function openProposalCounts(briefs: readonly BriefSummary[]): Promise<Map<string, number>> {
  if (briefs.length === 0) return new Map();
  const prisma = await getPrisma();
  const counts = await prisma.briefItem.groupBy({
    by: ["briefId"],
    where: { briefId: { in: briefs.map((b) => b.id) }, collection: "proposals", status: "open" },
    _count: { _all: true },
  });
  return new Map(counts.map((c) => [c.briefId, c._count._all]));
}

/**
 * Two small statements for a whole page: the current versions' section lists, then only the
 * checklist blobs this process has not parsed yet (a blob is immutable, so the cache never goes stale).
 */
async function checklistProgressOf(briefs: readonly BriefSummary[]): Promise<Map<string, ChecklistProgress>> {
  const result = new Map<string, ChecklistProgress>();
  if (briefs.length === 0) return result;
  const prisma = await getPrisma();
  const versions = await prisma.briefVersion.findMany({
    where: { OR: briefs.map((brief) => ({ briefId: brief.id, versionNum: brief.versionNum })) },
    select: { briefId: true, sections: true },
  });
  const hashByBrief = new Map<string, string>();
  for (const version of versions) {
    const ref = (version.sections as SectionRef[]).find(([key]) => key === "testingQaChecklist");
    if (ref) hashByBrief.set(version.briefId, ref[1]);
  }
  const missing = [...new Set(hashByBrief.values())].filter((hash) => cachedSection(hash) === undefined);
  const fetched = new Map<string, string>();
  if (missing.length) {
    for (const blob of await prisma.contentBlob.findMany({ where: { hash: { in: missing } }, select: { hash: true, json: true } })) fetched.set(blob.hash, blob.json);
  }
  for (const [briefId, hash] of hashByBrief) {
    const json = fetched.get(hash);
    const rows = (json === undefined ? cachedSection(hash) : sectionFacts(hash, json))?.value;
    if (!Array.isArray(rows) || rows.length === 0) continue;
    const checked = rows.filter((row) => typeof row === "object" && row !== null && (row as { checked?: unknown }).checked === true).length;
    result.set(briefId, { checked, total: rows.length });
  }
  return result;
}
