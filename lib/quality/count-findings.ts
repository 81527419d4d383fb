import type { Sql } from "@/lib/db/sql";
import type { CheckableContent } from "./check-content";
import { loadQualityContext } from "./quality-context";
import { briefQuality } from "./quality-report";
import { CHECKED_SECTIONS, type CheckedSection } from "./rule-ids";

/** Of the keys a write gave, those the quality check reads. */
export function checkedSectionsOf(keys: Iterable<string>): CheckedSection[] {
  const given = new Set(keys);
  return CHECKED_SECTIONS.filter((section) => given.has(section));
}

/**
 * `qualityFindings` of a write's answer: the open findings in the sections it wrote, under the
 * project's rules and the brief's suppressions. A write of no checked section costs no query.
 */
export async function qualityFindingsIn(sql: Sql, brief: { id: string; projectId: string }, content: CheckableContent, sections: readonly CheckedSection[]): Promise<number> {
  if (sections.length === 0) return 0;
  const context = await loadQualityContext(sql, brief);
  return briefQuality(content, context.project, context.suppressions, sections).findings.length;
}
