import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes, writeScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { accessDenied } from "@/lib/errors";
import { authorizeProject } from "@/lib/projects/project-access";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import type { QualityRules } from "./check-item";
import { RULE_IDS, type RuleId } from "./rule-ids";

/** A project's quality settings: the rules the check applies, and whether review waits on them. */
export type ProjectQuality = QualityRules & { requireQuality: boolean };

export const VAGUE_TERMS_MAX = 100;
const VAGUE_TERM_MAX_LENGTH = 60;

export const projectQualityPatchSchema = z.strictObject({
  requireQuality: z.boolean().optional(),
  earsRequired: z.boolean().optional(),
  disabledRules: z.array(z.enum(RULE_IDS)).max(RULE_IDS.length).optional(),
  extraVagueTerms: z
    .array(z.string().trim().min(1).max(VAGUE_TERM_MAX_LENGTH))
    .max(VAGUE_TERMS_MAX)
    .transform((terms) => [...new Set(terms.map((t) => t.toLowerCase()))])
    .optional(),
});
export type ProjectQualityPatch = z.input<typeof projectQualityPatchSchema>;

type Row = { requireQuality: boolean; earsRequired: boolean; qualityRulesOff: string[]; qualityVagueTerms: string[] };
const select = { requireQuality: true, earsRequired: true, qualityRulesOff: true, qualityVagueTerms: true } as const;

export function projectQualityOf(row: Row): ProjectQuality {
  return {
    requireQuality: row.requireQuality,
    earsRequired: row.earsRequired,
    // A rule id a later release dropped is ignored rather than refused.
    disabledRules: row.qualityRulesOff.filter((id): id is RuleId => (RULE_IDS as readonly string[]).includes(id)),
    extraVagueTerms: row.qualityVagueTerms,
  };
}

function dataOf(patch: z.output<typeof projectQualityPatchSchema>) {
  return {
    ...(patch.requireQuality !== undefined && { requireQuality: patch.requireQuality }),
    ...(patch.earsRequired !== undefined && { earsRequired: patch.earsRequired }),
    ...(patch.disabledRules !== undefined && { qualityRulesOff: patch.disabledRules }),
    ...(patch.extraVagueTerms !== undefined && { qualityVagueTerms: patch.extraVagueTerms }),
  };
}

/** Any member reads them (the editor checks with them); only owners change them. */
export async function getProjectQuality(actor: Actor, projectId: string): Promise<ProjectQuality> {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  await authorizeProject(prisma, actor, projectId, "read");
  const row = await prisma.project.findUnique({ where: { id: projectId }, select });
  if (!row) throw accessDenied();
  return projectQualityOf(row);
}

export async function setProjectQuality(actor: Actor, projectId: string, input: ProjectQualityPatch): Promise<ProjectQuality> {
  requireScopes(actor, writeScopes);
  const patch = parseOrThrow(projectQualityPatchSchema, input);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await authorizeProject(tx, actor, projectId, "manage");
    return projectQualityOf(await tx.project.update({ where: { id: projectId }, data: dataOf(patch), select }));
  });
}

/** The operator's way (scripts/admin.ts `set-project`): no member acts; an unknown id is said as such. */
export async function setProjectQualityAsOperator(projectId: string, input: ProjectQualityPatch): Promise<(ProjectQuality & { name: string }) | null> {
  const patch = parseOrThrow(projectQualityPatchSchema, input);
  const prisma = await getPrisma();
  const updated = await prisma.project.updateMany({ where: { id: projectId }, data: dataOf(patch) });
  if (updated.count === 0) return null;
  const row = await prisma.project.findUniqueOrThrow({ where: { id: projectId }, select: { ...select, name: true } });
  return { name: row.name, ...projectQualityOf(row) };
}
