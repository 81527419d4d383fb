/**
 * The import preview for a person about to import into a project: nothing is written, but only
 * someone who could write there may ask, so a preview is no way to probe a project either.
 */
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { accessDenied } from "@/lib/errors";
import { getProject } from "@/lib/projects/get-project";
import { roleAllows } from "@/lib/projects/project-access";
import type { ImportChoices, ImportFile } from "./import-files";
import { importPreview, type ImportPreview } from "./import-preview";
import { planEachFile } from "./plan-each-file";

export async function previewImport(actor: Actor, args: { projectId: string; files: ImportFile[]; choices?: ImportChoices }): Promise<ImportPreview> {
  requireScopes(actor, writeScopes);
  const project = await getProject(actor, args.projectId);
  if (!roleAllows(project.role, "write")) throw accessDenied();
  return importPreview(await planEachFile(args.files, args.choices ?? {}, args.projectId));
}
