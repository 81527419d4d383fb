/**
 * planImport for a preview: each file is planned on its own, so that every refused file is named,
 * not only the first, and each issue's path is the uploaded file it concerns (a refusal of the file
 * itself says `file`; one of a ZIP's pages names the page inside it). The page shows each issue
 * next to its file.
 */
import { DomainError, validationError, type ValidationIssue } from "@/lib/errors";
import { planImport, type ImportChoices, type ImportFile, type PlannedBrief } from "./import-files";

export async function planEachFile(files: ImportFile[], choices: ImportChoices, projectId: string): Promise<PlannedBrief[]> {
  if (files.length === 0) return planImport(files, choices, projectId);
  const planned: PlannedBrief[] = [];
  const refusals: { code: DomainError["code"]; issues: ValidationIssue[] }[] = [];
  for (const file of files) {
    try {
      planned.push(...(await planImport([file], choices, projectId)));
    } catch (error) {
      if (!(error instanceof DomainError) || (error.code !== "VALIDATION_ERROR" && error.code !== "CONTENT_TOO_LARGE")) throw error;
      const issues = (error.details?.issues as ValidationIssue[] | undefined) ?? [{ path: file.name, message: error.message }];
      refusals.push({ code: error.code, issues: issues.map((issue) => ({ path: file.name, message: withPage(issue, file.name) })) });
    }
  }
  if (refusals.length === 0) return planned;
  const issues = refusals.flatMap((refusal) => refusal.issues);
  // Too large alone keeps its code; any other refusal among them makes it a validation error.
  if (refusals.every((refusal) => refusal.code === "CONTENT_TOO_LARGE")) throw new DomainError("CONTENT_TOO_LARGE", refusalHeadline(issues), { issues });
  throw validationError(issues, refusalHeadline(issues));
}

function refusalHeadline(issues: ValidationIssue[]): string {
  const files = new Set(issues.map((issue) => issue.path)).size;
  return files === 1 ? "A file cannot be imported." : `${files} files cannot be imported.`;
}

/** A page of a ZIP keeps its name in the message, now that the issue's path is the ZIP. */
function withPage(issue: ValidationIssue, fileName: string): string {
  return issue.path.startsWith(`${fileName}/`) ? `${issue.path.slice(fileName.length + 1)}: ${issue.message}` : issue.message;
}
