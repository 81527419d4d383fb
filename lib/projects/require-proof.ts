import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes, writeScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { accessDenied } from "@/lib/errors";
import { authorizeProject } from "./project-access";

/**
 * The project setting "require proof before checked" (docs/contract.md#proof-gate): `off`; `on`, any
 * passing evidence counts; `verified`, only evidence of a verified CI report does (docs/github.md).
 * Any member reads it (the editor explains a refused move with it); only owners change it, in the
 * browser or, as an operator, with `npm run admin -- set-project`.
 */
export const proofModes = ["off", "on", "verified"] as const;
export type ProofMode = (typeof proofModes)[number];

const columnsOf = (mode: ProofMode) => ({ requireProof: mode !== "off", requireVerifiedProof: mode === "verified" });
const modeOf = (project: { requireProof: boolean; requireVerifiedProof: boolean }): ProofMode => (!project.requireProof ? "off" : project.requireVerifiedProof ? "verified" : "on");
const select = { requireProof: true, requireVerifiedProof: true } as const;

export async function getProofMode(actor: Actor, projectId: string): Promise<ProofMode> {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  await authorizeProject(prisma, actor, projectId, "read");
  const project = await prisma.project.findUnique({ where: { id: projectId }, select });
  if (!project) throw accessDenied();
  return modeOf(project);
}

export async function setProofMode(actor: Actor, projectId: string, mode: ProofMode): Promise<ProofMode> {
  requireScopes(actor, writeScopes);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await authorizeProject(tx, actor, projectId, "manage");
    return modeOf(await tx.project.update({ where: { id: projectId }, data: columnsOf(mode), select }));
  });
}

/** Whether proof is required at all (on or verified). */
export async function getRequireProof(actor: Actor, projectId: string): Promise<boolean> {
  return (await getProofMode(actor, projectId)) !== "off";
}

/** On or off; on clears "verified only". */
export async function setRequireProof(actor: Actor, projectId: string, requireProof: boolean): Promise<boolean> {
  return (await setProofMode(actor, projectId, requireProof ? "on" : "off")) !== "off";
}

/** The operator's way (scripts/admin.ts): no member acts; an unknown id is said as such. */
export async function setProofModeAsOperator(projectId: string, mode: ProofMode): Promise<{ name: string; mode: ProofMode } | null> {
  const prisma = await getPrisma();
  const updated = await prisma.project.updateMany({ where: { id: projectId }, data: columnsOf(mode) });
  if (updated.count === 0) return null;
  const project = await prisma.project.findUniqueOrThrow({ where: { id: projectId }, select: { name: true, ...select } });
  return { name: project.name, mode: modeOf(project) };
}
