import { toApprovalItem } from "@/lib/briefs/approval-item";
import type { Approval, ProjectRole } from "@/lib/generated/prisma/client";
import { projectQualityOf } from "@/lib/quality/project-quality";
import type { ReaderPart } from "./page-data-wire";

/**
 * The SQL for a reader's live approval of brief `b` as one JSON value, for the member joined as `m`:
 * what the page data's own part needs beside the role. Dates are written as ISO text, so both
 * databases give the same shape.
 */
export const LIVE_APPROVAL_SQL = `(SELECT row_to_json(a) FROM (
    SELECT id, "briefId", seq, "userId", "versionNum", "approvalHash", "approvedBy", stale, "staledAtVersionNum",
           to_char("createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
      FROM "Approval" WHERE "briefId" = b.id AND "userId" = m."userId" AND stale = false LIMIT 1) a)`;

/**
 * The project's quality settings as one JSON value, for the brief `b`: read with the reader's part
 * rather than the brief-wide one, which is kept until the brief changes, while an owner may change
 * these at any time.
 */
export const PROJECT_QUALITY_SQL = `(SELECT json_build_object('requireQuality', p."requireQuality", 'earsRequired', p."earsRequired",
    'qualityRulesOff', p."qualityRulesOff", 'qualityVagueTerms', p."qualityVagueTerms") FROM "Project" p WHERE p.id = b."projectId")`;

type QualityRow = Parameters<typeof projectQualityOf>[0];

/** A reader's own part from their role and the values LIVE_APPROVAL_SQL and PROJECT_QUALITY_SQL read (JSON text on some drivers). */
export function toReaderPart(role: ProjectRole, approval: Record<string, unknown> | string | null, quality: QualityRow | string): ReaderPart {
  const row = typeof approval === "string" ? (JSON.parse(approval) as Record<string, unknown>) : approval;
  return {
    yourRole: role,
    projectQuality: projectQualityOf(typeof quality === "string" ? (JSON.parse(quality) as QualityRow) : quality),
    yourLiveApproval: row ? toApprovalItem({ ...(row as unknown as Approval), createdAt: new Date(String(row.createdAt)) }) : null,
  };
}
