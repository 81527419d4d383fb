import { briefViewSchema } from "@/lib/briefs/brief-view";
import { showBrief } from "@/lib/briefs/show-brief";
import { showBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { readToolWithText } from "../define-tool";

/** Registered as an MCP App tool (register-brief-app.ts): hosts with apps show the view, others the Markdown. */
export const briefShowTool = readToolWithText({
  name: "brief_show",
  title: "Show a brief",
  description:
    "Shows a brief to the person in the chat: a view where they can tick the QA checklist in hosts with MCP " +
    "Apps, Markdown elsewhere. For content to edit use brief_get_full.",
  inputSchema: showBriefArgsSchema,
  outputSchema: briefViewSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  errors: [],
  handler: async (actor, args) => {
    const { view, markdown } = await showBrief(actor, args);
    return { result: view, text: markdown };
  },
});
