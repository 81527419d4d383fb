import type { Sql } from "@/lib/db/sql";
import { validationError } from "@/lib/errors";
import { loadDocument, type SectionRef } from "@/lib/briefs/brief-document";
import type { LockedBrief } from "@/lib/briefs/lock-brief";
import type { BriefContent } from "@/lib/briefs/schema";

/** The content of the version a proposal was written against; a number the brief never had is VALIDATION_ERROR. */
export async function loadBaseContent(sql: Sql, brief: LockedBrief, baseVersionNum: number): Promise<BriefContent> {
  if (baseVersionNum === brief.row.versionNum) return brief.content;
  const [version] =
    baseVersionNum < brief.row.versionNum
      ? await sql.query<{ sections: SectionRef[] }>(`SELECT sections FROM "BriefVersion" WHERE "briefId" = $1 AND "versionNum" = $2`, [brief.row.id, baseVersionNum])
      : [];
  if (!version) {
    throw validationError([{ path: "baseVersionNum", message: `The brief has no version ${baseVersionNum}; it is at version ${brief.row.versionNum}.` }]);
  }
  return (await loadDocument(sql, version.sections)).content;
}
