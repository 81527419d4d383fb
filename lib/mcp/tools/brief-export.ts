import { exportBrief } from "@/lib/briefs/export-brief";
import { exportBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { readTool } from "../define-tool";
import { exportResultSchema } from "../output-schemas";

export const briefExportTool = readTool({
  name: "brief_export",
  title: "Export a brief as Markdown",
  description:
    "The brief, or an earlier version, as one Markdown document that brief_create's markdown reads back, or as a " +
    "Kiro, Spec Kit or OpenSpec spec file for a repository.",
  inputSchema: exportBriefArgsSchema,
  outputSchema: exportResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  errors: [],
  handler: (actor, args) => exportBrief(actor, args),
});
