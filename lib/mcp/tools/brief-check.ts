import { checkBrief } from "@/lib/quality/check-brief";
import { checkResultSchema } from "@/lib/quality/quality-schema";
import { checkBriefArgsSchema } from "@/lib/briefs/tool-arguments";
import { readTool } from "../define-tool";

export const briefCheckTool = readTool({
  name: "brief_check",
  title: "Check a brief's requirements",
  description:
    "Quality findings (vague terms, placeholders, escape clauses, weak modals, passive voice, …) in requirements, criteria, " +
    "edge cases and required evidence under the project's rules, and each requirement's EARS pattern. Give content to check " +
    "a draft before brief_update or brief_propose. Writes nothing.",
  inputSchema: checkBriefArgsSchema,
  outputSchema: checkResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  errors: ["CONTENT_TOO_LARGE"],
  handler: (actor, args) => checkBrief(actor, args),
});
