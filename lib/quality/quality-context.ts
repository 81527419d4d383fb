import type { Sql } from "@/lib/db/sql";
import { projectQualityOf, type ProjectQuality } from "./project-quality";
import type { QualitySuppression } from "./suppressions";

export type QualityContext = { project: ProjectQuality; suppressions: QualitySuppression[] };

/** The collection a brief's suppressions are kept in (BriefItem), listed in its history. */
export const SUPPRESSIONS_COLLECTION = "qualitySuppressions";

/** The project's rules and the brief's suppressions, in one statement. */
export async function loadQualityContext(sql: Sql, brief: { id: string; projectId: string }): Promise<QualityContext> {
  const [row] = await sql.query<{
    requireQuality: boolean;
    earsRequired: boolean;
    qualityRulesOff: string[];
    qualityVagueTerms: string[];
    suppressions: { id: string; data: Record<string, unknown>; createdAt: string }[] | null;
  }>(
    `SELECT p."requireQuality", p."earsRequired", p."qualityRulesOff", p."qualityVagueTerms",
            (SELECT json_agg(json_build_object('id', i.id, 'data', i.data, 'createdAt', i."createdAt") ORDER BY i.seq)
               FROM "BriefItem" i WHERE i."briefId" = $2 AND i.collection = '${SUPPRESSIONS_COLLECTION}') AS suppressions
       FROM "Project" p WHERE p.id = $1`,
    [brief.projectId, brief.id],
  );
  return { project: projectQualityOf(row), suppressions: (row.suppressions ?? []).map(suppressionOf) };
}

export function suppressionOf(item: { id: string; data: Record<string, unknown>; createdAt: string | Date }): QualitySuppression {
  const d = item.data;
  return {
    id: item.id,
    section: d.section as QualitySuppression["section"],
    ruleId: d.ruleId as QualitySuppression["ruleId"],
    start: Number(d.start),
    end: Number(d.end),
    words: String(d.words ?? ""),
    itemText: String(d.itemText ?? ""),
    reason: String(d.reason ?? ""),
    createdBy: String(d.createdBy ?? ""),
    createdAt: new Date(item.createdAt).toISOString(),
  };
}
