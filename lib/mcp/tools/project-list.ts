import { listProjects } from "@/lib/projects/list-projects";
import { listProjectsArgsSchema } from "@/lib/projects/project-schema";
import { readTool } from "../define-tool";
import { projectListResultSchema } from "../output-schemas";

export const projectListTool = readTool({
  name: "project_list",
  title: "List your projects",
  description:
    "Your projects, newest membership first, with your role in each.",
  inputSchema: listProjectsArgsSchema,
  outputSchema: projectListResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  errors: ["INVALID_CURSOR"],
  handler: (actor, args) => listProjects(actor, args),
});
