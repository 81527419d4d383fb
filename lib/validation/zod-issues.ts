import type { z } from "zod";
import type { ValidationIssue } from "../errors";
import { formatIssuePath, MAX_REPORTED_ISSUES } from "./issue-report";

/**
 * zod issues → contract issues (`{path, message}`). An unknown key of a strict object is reported at
 * the key itself, one issue per key, so a client can find it the way it finds any other bad field.
 */
export function issuesFromZod(error: z.ZodError, root: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        issues.push({ path: formatIssuePath(root, [...issue.path, key]), message: "Unknown field." });
      }
    } else {
      issues.push({ path: formatIssuePath(root, issue.path), message: issue.message });
    }
  }
  return issues.slice(0, MAX_REPORTED_ISSUES);
}
