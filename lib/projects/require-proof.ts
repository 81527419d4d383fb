import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes, writeScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { accessDenied } from "@/lib/errors";
import { authorizeProject } from "./project-access";

/**
 * The project setting "require proof before checked" (docs/contract.md#proof-gate). Any member reads it
 * (the editor explains a refused move with it); only owners change it, in the browser or, as an
 * operator, with `npm run admin -- set-project`.
 */
export async function getRequireProof(actor: Actor, projectId: string): Promise<boolean> {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  await authorizeProject(prisma, actor, projectId, "read");
  const project = await prisma.project.findUnique({ where: { id: projectId }, select: { requireProof: true } });
  if (!project) throw accessDenied();
  return project.requireProof;
}

export async function setRequireProof(actor: Actor, projectId: string, requireProof: boolean): Promise<boolean> {
  requireScopes(actor, writeScopes);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await authorizeProject(tx, actor, projectId, "manage");
    return (await tx.project.update({ where: { id: projectId }, data: { requireProof }, select: { requireProof: true } })).requireProof;
  });
}

/** The operator's way (scripts/admin.ts): no member acts; an unknown id is said as such. */
export async function setRequireProofAsOperator(projectId: string, requireProof: boolean): Promise<{ name: string; requireProof: boolean } | null> {
  const prisma = await getPrisma();
  const updated = await prisma.project.updateMany({ where: { id: projectId }, data: { requireProof } });
  if (updated.count === 0) return null;
  return prisma.project.findUniqueOrThrow({ where: { id: projectId }, select: { name: true, requireProof: true } });
}
