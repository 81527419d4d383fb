import type { Actor } from "@/lib/auth/actor";
import type { Sql } from "@/lib/db/sql";
import { validationError } from "@/lib/errors";
import { rolesAllowed } from "@/lib/projects/project-access";

/**
 * The content a new brief of `projectId` starts with when brief_create names a template. The caller
 * has already checked that it may write to `projectId`. A template that does not exist and one of a
 * project the caller cannot read get the same answer, so an id tells nothing about other projects;
 * one of another project the caller can read is named as such, since that is the likely mistake.
 */
export async function templateForNewBrief(sql: Sql, actor: Actor, templateId: string, projectId: string): Promise<unknown> {
  const [row] = await sql.query<{ projectId: string; content: string; readable: boolean }>(
    `SELECT t."projectId", t.content::text AS content,
            EXISTS (SELECT 1 FROM "Membership" m WHERE m."projectId" = t."projectId" AND m."userId" = $2 AND m.role::text = ANY($3::text[])) AS readable
       FROM "BriefTemplate" t WHERE t.id = $1`,
    [templateId, actor.userId, [...rolesAllowed("read")]],
  );
  if (!row || !row.readable) {
    throw validationError([{ path: "template", message: "There is no template with this id in the project." }], "The template does not exist.");
  }
  if (row.projectId !== projectId) {
    throw validationError(
      [{ path: "template", message: "This template belongs to another project; a brief starts only from a template of its own project." }],
      "The template belongs to another project.",
    );
  }
  return JSON.parse(row.content) as unknown;
}
