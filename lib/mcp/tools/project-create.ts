import { createProject } from "@/lib/projects/create-project";
import { createProjectArgsSchema } from "@/lib/projects/project-schema";
import { writeTool } from "../define-tool";
import { projectResultSchema } from "../output-schemas";

export const projectCreateTool = writeTool({
  name: "project_create",
  title: "Create a project",
  description:
    "Creates a project (a container of briefs) owned by you; only if project_list shows no suitable one.",
  inputSchema: createProjectArgsSchema,
  outputSchema: projectResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "medium",
  confirmation: "explicit",
  errors: [],
  handler: (actor, args) => createProject(actor, args),
});
