import { exportBrief } from "@/lib/briefs/export-brief";
import { exportBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { readTool } from "../define-tool";
import { exportResultSchema } from "../output-schemas";

export const briefExportTool = readTool({
  name: "brief_export",
  title: "Export a brief as Markdown",
  description:
    "The brief, or an earlier version, as one Markdown document (every filled section; the QA checklist as a " +
    "task list) for a person, a ticket or a repository.",
  inputSchema: exportBriefArgsSchema,
  outputSchema: exportResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  errors: [],
  handler: (actor, args) => exportBrief(actor, args),
});
