import { createProject } from "@/lib/projects/create-project";
import { createProjectArgsSchema } from "@/lib/projects/project-schema";
import { IDEMPOTENCY_NOTE, writeTool } from "../define-tool";
import { projectResultSchema } from "../output-schemas";
import { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX } from "@/lib/contract/bounds";

export const projectCreateTool = writeTool({
  name: "project_create",
  title: "Create a project",
  description:
    "Creates a project (the container of briefs) and makes you its owner. Use it only when no suitable project " +
    "exists yet (look with project_list first); then create briefs in it with brief_create. " +
    "Returns {project: {id, name, description, role, createdAt}}. " +
    IDEMPOTENCY_NOTE +
    ` Errors: VALIDATION_ERROR (name 1..${PROJECT_NAME_MAX} characters, description at most ${PROJECT_DESCRIPTION_MAX}, unknown argument; details.issues name each field).`,
  inputSchema: createProjectArgsSchema,
  outputSchema: projectResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  handler: (actor, args) => createProject(actor, args),
});
