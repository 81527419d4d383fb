import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma, getSql } from "@/lib/db/client";
import { proofCountsOf, type ProofCount } from "@/lib/trace/proof-counts";
import { openFindingCounts } from "@/lib/quality/list-finding-counts";
import type { CheckableContent } from "@/lib/quality/check-content";
import type { SectionRef } from "./brief-document";
import { listBriefs } from "./list-briefs";
import type { BriefSummary } from "./result-schemas";
import type { AcceptanceCriterion } from "./schema";
import { cachedSection, sectionFacts } from "./section-cache";
import type { listBriefsArgsSchema } from "./tool-arguments";

/** How far QA got: rows checked out of all rows of the current version's checklist. */
export type ChecklistProgress = { checked: number; total: number };

export type BriefListItem = BriefSummary & { checklist: ChecklistProgress | null; proof: ProofCount | null; openProposals: number; qualityFindings: number };

/**
 * The web's project list: brief_list's page (the same access check, filters and cursor), each brief
 * with its QA progress and how many proposals wait for a decision. Kept out of the MCP contract
 * (brief_list items keep their seven fields): agents read the checklist and proposals themselves.
 * `checklist` is null when the current version has no checklist rows; `proof` ("n of m criteria
 * proven") is null when none of its acceptance criteria needs proof. `qualityFindings` counts the
 * open quality findings (docs/quality.md) of the current version.
 */
export async function listBriefsWithProgress(actor: Actor, input: z.input<typeof listBriefsArgsSchema>) {
  const page = await listBriefs(actor, input);
  const [{ progress, proof, quality }, proposals] = await Promise.all([progressOf(page.items), openProposalCounts(page.items)]);
  return {
    ...page,
    items: page.items.map(
      (brief): BriefListItem => ({ ...brief, checklist: progress.get(brief.id) ?? null, proof: proof.get(brief.id) ?? null, openProposals: proposals.get(brief.id) ?? 0, qualityFindings: quality.get(brief.id) ?? 0 }),
    ),
  };
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

type ProgressKey = "testingQaChecklist" | "acceptanceCriteria" | "requirements" | "edgeCases" | "requiredEvidence";
const progressKeys: readonly ProgressKey[] = ["testingQaChecklist", "acceptanceCriteria", "requirements", "edgeCases", "requiredEvidence"];

/** QA progress, proof counts and quality findings of a page: its checklists, criteria and requirements, then its evidence. */
async function progressOf(
  briefs: readonly BriefSummary[],
): Promise<{ progress: Map<string, ChecklistProgress>; proof: Map<string, ProofCount>; quality: Map<string, number> }> {
  const sections = await currentSectionsOf(briefs, progressKeys);
  const progress = new Map<string, ChecklistProgress>();
  const criteria = new Map<string, AcceptanceCriterion[]>();
  for (const [briefId, values] of sections) {
    const rows = values.testingQaChecklist;
    if (Array.isArray(rows) && rows.length > 0) {
      const checked = rows.filter((row) => typeof row === "object" && row !== null && (row as { checked?: unknown }).checked === true).length;
      progress.set(briefId, { checked, total: rows.length });
    }
    const list = values.acceptanceCriteria;
    if (Array.isArray(list)) criteria.set(briefId, list.filter((item): item is AcceptanceCriterion => typeof item === "object" && item !== null && typeof (item as { id?: unknown }).id === "string"));
  }
  const sql = await getSql();
  const [proofCounts, quality] = await Promise.all([proofCountsOf(sql, criteria), openFindingCounts(sql, briefs, sections as Map<string, CheckableContent>)]);
  return { progress, proof: proofCounts, quality };
}

/**
 * Two small statements for a whole page: the current versions' section lists, then only the
 * section blobs this process has not parsed yet (a blob is immutable, so the cache never goes stale).
 */
async function currentSectionsOf(briefs: readonly BriefSummary[], keys: readonly ProgressKey[]): Promise<Map<string, Partial<Record<ProgressKey, unknown>>>> {
  const result = new Map<string, Partial<Record<ProgressKey, unknown>>>();
  if (briefs.length === 0) return result;
  const prisma = await getPrisma();
  const versions = await prisma.briefVersion.findMany({
    where: { OR: briefs.map((brief) => ({ briefId: brief.id, versionNum: brief.versionNum })) },
    select: { briefId: true, sections: true },
  });
  const refs: Array<{ briefId: string; key: ProgressKey; hash: string }> = [];
  for (const version of versions) {
    for (const [key, hash] of version.sections as SectionRef[]) {
      if ((keys as readonly string[]).includes(key)) refs.push({ briefId: version.briefId, key: key as ProgressKey, hash });
    }
  }
  const missing = [...new Set(refs.map((ref) => ref.hash))].filter((hash) => cachedSection(hash) === undefined);
  const fetched = new Map<string, string>();
  if (missing.length) {
    for (const blob of await prisma.contentBlob.findMany({ where: { hash: { in: missing } }, select: { hash: true, json: true } })) fetched.set(blob.hash, blob.json);
  }
  for (const { briefId, key, hash } of refs) {
    const json = fetched.get(hash);
    const value = (json === undefined ? cachedSection(hash) : sectionFacts(hash, json))?.value;
    result.set(briefId, { ...result.get(briefId), [key]: value });
  }
  return result;
}
