import type { Metadata } from "next";
import Link from "next/link";
import { notFoundIfDenied } from "@/app/_web/not-found-if-denied";
import { ProjectSubpage } from "@/components/project-subpage";
import { TemplateCard } from "@/components/templates/template-card";
import { EmptyState } from "@/components/ui/empty-state";
import { roleAllows } from "@/lib/projects/project-access";
import { listTemplates } from "@/lib/templates/list-templates";
import { loadProject } from "../load-project";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Templates" };

/** A project's brief templates: every member sees them; owners and editors edit and delete them. */
export default async function TemplatesPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { actor, project } = await loadProject(projectId);
  const templates = await notFoundIfDenied(listTemplates(actor, { projectId }));
  const canWrite = roleAllows(project.role, "write");
  return (
    <ProjectSubpage actor={actor} project={project} width="max-w-4xl" trail={[{ label: "Templates" }]} title="Templates"
      intro={
        <>
          A new brief can start from one of these instead of a blank page: choose it under “Start from” when you create the brief. Agents find them as the MCP
          resource <code className="break-all text-sm">briefs://projects/{projectId}/templates</code>.
          {canWrite && " To add one, open a brief and choose “Save as template”."}
        </>
      }
    >
      {templates.length ? (
        <ul className="space-y-3">
          {templates.map((template) => (
            <TemplateCard key={template.id} template={template} canWrite={canWrite} />
          ))}
        </ul>
      ) : (
        <EmptyState
          title="No templates"
          action={
            <Link href={`/projects/${projectId}`} className="text-sm font-medium text-indigo-700 underline">
              Back to the project
            </Link>
          }
        >
          {canWrite ? "Open a brief and choose “Save as template” to make one." : "When an editor saves a brief as a template, it will appear here."}
        </EmptyState>
      )}
    </ProjectSubpage>
  );
}
