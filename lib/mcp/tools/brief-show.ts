import { briefViewSchema } from "@/lib/briefs/brief-view";
import { showBrief } from "@/lib/briefs/show-brief";
import { showBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { readToolWithText } from "../define-tool";

/** Registered as an MCP App tool (register-brief-app.ts): hosts with apps show the view, others the Markdown. */
export const briefShowTool = readToolWithText({
  name: "brief_show",
  title: "Show a brief",
  description:
    "Shows one brief to the person in the chat: in hosts with MCP Apps as an interactive view (its sections, and " +
    "the QA checklist, which editors and owners can tick right there); elsewhere the text is the brief as Markdown " +
    "(the brief_export document). Use it when the person wants to see or check a brief; use brief_get_full for the " +
    "structured content you would edit. The text item is Markdown; structuredContent is the view's data: {briefId, " +
    "projectName, title, state, stateLabel, versionNum, hash, updatedAt, sections: [{key, heading, kind: text|list, " +
    "text | items}], checklist: {rows: [{index, text, checked, checkedBy, checkedAt, addedBy}], checkedCount, total}, " +
    "yourRole, canTick, readOnlyReason}. Errors: PROJECT_ACCESS_DENIED (no such brief or no access), VALIDATION_ERROR.",
  inputSchema: showBriefArgsSchema,
  outputSchema: briefViewSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  handler: async (actor, args) => {
    const { view, markdown } = await showBrief(actor, args);
    return { result: view, text: markdown };
  },
});
