import type { ActionResult } from "@/lib/web/action-result";

type Refusal = Extract<ActionResult<unknown>, { ok: false }>["error"];

/** A refusal of the import, split so each file's issues can be shown next to that file. */
export type ImportRefusal = {
  /** Issue messages by the source they name (a file's name, or pasted.md). */
  bySource: Record<string, string[]>;
  /** What concerns no one file: the headline when nothing names a file, and issues of other fields. */
  general: string[];
};

export function importRefusal(error: Refusal, sources: readonly string[]): ImportRefusal {
  const issues = Array.isArray(error.details?.issues) ? (error.details.issues as Array<{ path: string; message: string }>) : [];
  const bySource: Record<string, string[]> = {};
  const general: string[] = [];
  for (const issue of issues) {
    if (sources.includes(issue.path)) (bySource[issue.path] ??= []).push(issue.message);
    else general.push(issue.message);
  }
  // The headline of a validation error is general ("The arguments are not valid."): it is only
  // worth showing when no issue says more.
  if (Object.keys(bySource).length === 0 && (general.length === 0 || error.code !== "VALIDATION_ERROR")) general.unshift(error.message);
  return { bySource, general };
}
