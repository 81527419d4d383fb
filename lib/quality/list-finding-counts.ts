import type { Sql } from "@/lib/db/sql";
import type { CheckableContent } from "./check-content";
import { projectQualityOf } from "./project-quality";
import { SUPPRESSIONS_COLLECTION, suppressionOf } from "./quality-context";
import { briefQuality } from "./quality-report";

/**
 * The open quality findings of each brief of a list page (the web's project list), under its
 * project's rules and its suppressions: two statements for the whole page, whatever its size.
 */
export async function openFindingCounts(sql: Sql, briefs: readonly { id: string; projectId: string }[], contents: Map<string, CheckableContent>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (briefs.length === 0) return counts;
  const projectIds = [...new Set(briefs.map((b) => b.projectId))];
  const [projects, items] = await Promise.all([
    sql.query<{ id: string; requireQuality: boolean; earsRequired: boolean; qualityRulesOff: string[]; qualityVagueTerms: string[] }>(
      `SELECT id, "requireQuality", "earsRequired", "qualityRulesOff", "qualityVagueTerms" FROM "Project" WHERE id = ANY ($1::text[])`,
      [projectIds],
    ),
    sql.query<{ id: string; briefId: string; data: Record<string, unknown>; createdAt: string }>(
      `SELECT id, "briefId", data, "createdAt" FROM "BriefItem" WHERE "briefId" = ANY ($1::text[]) AND collection = '${SUPPRESSIONS_COLLECTION}' ORDER BY seq`,
      [briefs.map((b) => b.id)],
    ),
  ]);
  const rules = new Map(projects.map((p) => [p.id, projectQualityOf(p)]));
  for (const brief of briefs) {
    const suppressions = items.filter((item) => item.briefId === brief.id).map(suppressionOf);
    counts.set(brief.id, briefQuality(contents.get(brief.id) ?? {}, rules.get(brief.projectId), suppressions).findings.length);
  }
  return counts;
}
