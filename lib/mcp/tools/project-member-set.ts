import { setProjectMember } from "@/lib/projects/set-project-member";
import { setProjectMemberArgsSchema } from "@/lib/briefs/tool-arguments";
import { IDEMPOTENCY_NOTE, writeTool } from "../define-tool";
import { memberResultSchema } from "../output-schemas";

export const projectMemberSetTool = writeTool({
  name: "project_member_set",
  title: "Set a project member's role",
  description:
    "Adds a person to a project by email, changes their role, or removes them (role null). Roles: owner (manages members), " +
    "editor (reads and writes briefs), viewer (reads only). Only owners may call it. It changes who can see the " +
    "project's briefs: confirm the person and role with the user first. An address with a confirmed account becomes a " +
    "member at once (status active); any other address is invited (status invited) and becomes a member when that " +
    "person signs up and confirms the address. role null removes a member or cancels an invitation. " +
    "Returns {member: {email, role, status}} (both null after a removal). " +
    IDEMPOTENCY_NOTE +
    " Errors: PROJECT_ACCESS_DENIED (no such project, or you are not its owner), VALIDATION_ERROR (not an email address, " +
    "or the change would leave the project without an owner).",
  inputSchema: setProjectMemberArgsSchema,
  outputSchema: memberResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  handler: (actor, args) => setProjectMember(actor, args),
});
