import { listProjects } from "@/lib/projects/list-projects";
import { listProjectsArgsSchema } from "@/lib/projects/project-schema";
import { readTool } from "../define-tool";
import { projectListResultSchema } from "../output-schemas";

export const projectListTool = readTool({
  name: "project_list",
  title: "List your projects",
  description:
    "Lists the projects you are a member of, newest membership first, with your role in each (owner, editor or viewer). " +
    "Use it to find the projectId that brief_create and brief_list need. " +
    "Returns {items: [{id, name, description, role, createdAt}], nextCursor}; while nextCursor is not null, call again " +
    "with cursor = nextCursor for the next page. " +
    "Errors: INVALID_CURSOR (start again without a cursor), VALIDATION_ERROR (limit 1..200).",
  inputSchema: listProjectsArgsSchema,
  outputSchema: projectListResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  handler: (actor, args) => listProjects(actor, args),
});
