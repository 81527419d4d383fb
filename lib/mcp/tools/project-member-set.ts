import { setProjectMember } from "@/lib/projects/set-project-member";
import { setProjectMemberArgsSchema } from "@/lib/briefs/tool-arguments";
import { writeTool } from "../define-tool";
import { memberResultSchema } from "../output-schemas";

export const projectMemberSetTool = writeTool({
  name: "project_member_set",
  title: "Set a project member's role",
  description:
    "Owners add a person by email, change their role, or remove them (role null). An address with a confirmed " +
    "account becomes a member at once (status active); any other address is invited (status invited) and joins when " +
    "that person signs up and confirms it; role null also cancels an invitation. It changes who sees the project's " +
    "briefs: confirm the person and role with the user first. VALIDATION_ERROR: not an email address, or no owner would remain.",
  inputSchema: setProjectMemberArgsSchema,
  outputSchema: memberResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  handler: (actor, args) => setProjectMember(actor, args),
});
