import type { Metadata } from "next";
import Link from "next/link";
import { ProjectSubpage } from "@/components/project-subpage";
import { ImportPanel } from "@/components/import/import-panel";
import { buttonClassName } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { roleAllows } from "@/lib/projects/project-access";
import { loadProject } from "../load-project";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Import" };

/**
 * Import briefs into a project from files or pasted Markdown, with a preview before anything is
 * written. Owners and editors import; other members are told they cannot; anyone else gets the
 * 404 of a project that does not exist (loadProject).
 */
export default async function ImportPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { actor, project } = await loadProject(projectId);
  const projectUrl = `/projects/${projectId}`;
  return (
    <ProjectSubpage actor={actor} project={project} trail={[{ label: "Import" }]} title="Import briefs"
      intro="Each file becomes a brief: its headings are matched to the brief’s sections, and anything that matches none is kept under its own name. Check the preview, move headings where they belong, then import — nothing is written before that."
    >
      {roleAllows(project.role, "write") ? (
        <ImportPanel projectId={projectId} />
      ) : (
        <EmptyState
          title="You can’t import into this project"
          action={
            <Link href={projectUrl} prefetch={false} className={buttonClassName("secondary")}>
              Back to {project.name}
            </Link>
          }
        >
          Importing creates briefs, which only owners and editors may do. Ask an owner for editor access.
        </EmptyState>
      )}
    </ProjectSubpage>
  );
}
