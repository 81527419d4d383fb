import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/server";
import type { Actor } from "@/lib/auth/actor";
import { RECENT_BRIEFS_MAX } from "@/lib/contract/bounds";
import { completeProjectId } from "@/lib/projects/complete-project-id";
import { listProjects } from "@/lib/projects/list-projects";
import { listTemplates } from "@/lib/templates/list-templates";
import { suggestions } from "./brief-resources";
import { resourceErrorOf } from "./protocol-errors";

export const JSON_TYPE = "application/json";
export const TEMPLATES_URI_TEMPLATE = "briefs://projects/{projectId}/templates";

export const templatesUri = (projectId: string) => `briefs://projects/${projectId}/templates`;

/**
 * A project's templates as one resource (docs/contract.md#resources-and-prompts), for an agent to
 * pick one before brief_create: each template's id, name, description and the sections it fills.
 * The content itself is what brief_create copies; an agent that wants to see it creates the brief.
 */
export function registerTemplateResources(server: McpServer, actor: Actor): void {
  server.registerResource(
    "brief-templates",
    new ResourceTemplate(TEMPLATES_URI_TEMPLATE, {
      // Hosts that cannot fill a template offer what the list enumerates: one entry per project.
      list: async () => ({
        resources: (await listProjects(actor, { limit: RECENT_BRIEFS_MAX })).items.map((project) => ({
          uri: templatesUri(project.id),
          name: `${project.name} templates`,
          title: `Templates of ${project.name}`,
          description: "The project's brief templates: pass one's id as brief_create's template.",
          mimeType: JSON_TYPE,
        })),
      }),
      complete: { projectId: (value) => suggestions(() => completeProjectId(actor, { value })) },
    }),
    {
      title: "Brief templates",
      description: "A project's brief templates (JSON): id, name, description and the sections each fills. brief_create's template takes the id.",
      mimeType: JSON_TYPE,
    },
    async (uri, variables) => {
      const projectId = (Array.isArray(variables.projectId) ? variables.projectId[0] : variables.projectId) ?? "";
      try {
        const templates = await listTemplates(actor, { projectId });
        const listed = templates.map(({ id, name, description, sections }) => ({ id, name, description, sections }));
        return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text: JSON.stringify({ projectId, templates: listed }) }] };
      } catch (error) {
        throw resourceErrorOf(error, uri.href);
      }
    },
  );
}
