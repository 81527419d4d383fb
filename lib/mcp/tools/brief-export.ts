import { exportBrief } from "@/lib/briefs/export-brief";
import { exportBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { readTool } from "../define-tool";
import { exportResultSchema } from "../output-schemas";

export const briefExportTool = readTool({
  name: "brief_export",
  title: "Export a brief as Markdown",
  description:
    "Gives the brief, or one earlier version of it, as one Markdown document: the title, a metadata list (project, " +
    "state, version, content hash, updated), then every section that has content under its heading in the " +
    "contract's order; the QA checklist as a task list with who checked each row, acceptance criteria and required " +
    "evidence with their ids. Use it to hand a brief to a person, a ticket or a repository; use brief_get_full for " +
    "the structured content you would edit. Returns {briefId, versionNum, fileName, markdown}. " +
    "Errors: PROJECT_ACCESS_DENIED (no such brief or no access), VALIDATION_ERROR (the brief never had that versionNum).",
  inputSchema: exportBriefArgsSchema,
  outputSchema: exportResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  handler: (actor, args) => exportBrief(actor, args),
});
