import type { AcceptanceCriterion, BriefContent } from "@/lib/briefs/schema";
import { validationError, type ValidationIssue } from "@/lib/errors";

/**
 * The named acceptance criteria of the brief's current content, in the order named; an id it does
 * not have, or one named twice, is VALIDATION_ERROR at `criterionIds[i]`.
 */
export function criteriaNamed(content: BriefContent, ids: readonly string[], path = "criterionIds"): AcceptanceCriterion[] {
  const byId = new Map((content.acceptanceCriteria ?? []).map((criterion) => [criterion.id, criterion]));
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const criteria: AcceptanceCriterion[] = [];
  ids.forEach((id, i) => {
    const criterion = byId.get(id);
    if (!criterion) issues.push({ path: `${path}[${i}]`, message: `The current version has no acceptance criterion "${id}".` });
    else if (seen.has(id)) issues.push({ path: `${path}[${i}]`, message: `"${id}" is named twice.` });
    else criteria.push(criterion);
    seen.add(id);
  });
  if (issues.length) throw validationError(issues);
  return criteria;
}
