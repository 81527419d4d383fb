import { setProjectMember } from "@/lib/projects/set-project-member";
import { setProjectMemberArgsSchema } from "@/lib/briefs/tool-arguments";
import { writeTool } from "../define-tool";
import { memberResultSchema } from "../output-schemas";

export const projectMemberSetTool = writeTool({
  name: "project_member_set",
  title: "Set a member's role",
  description:
    "Owners add a person by email, change their role, or remove them or their invitation (role null). A " +
    "confirmed account joins at once (status active), another address is invited and joins once confirmed. " +
    "Confirm person and role with the user first. VALIDATION_ERROR: not an email, or no owner would remain.",
  inputSchema: setProjectMemberArgsSchema,
  outputSchema: memberResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  errors: [],
  handler: (actor, args) => setProjectMember(actor, args),
});
