import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes, writeScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import type { Tx } from "@/lib/db/transaction";
import { DomainError, validationError } from "@/lib/errors";
import { authorizeProject } from "@/lib/projects/project-access";
import { normalizeRepositoryName } from "./repository-name";

export type ConnectedRepository = { id: string; fullName: string; installationId: string; createdAt: string };

export type ConnectRepositoryInput = { projectId: string; installationId: string | number; repository: string };

/**
 * Connects a repository of a GitHub App installation to a project (docs/github.md#connecting-repositories):
 * its pull requests may then link the project's tickets. Owners only, in the browser or on the
 * command line; connecting one already connected changes its installation.
 */
export async function connectRepository(actor: Actor, input: ConnectRepositoryInput): Promise<ConnectedRepository> {
  requireScopes(actor, writeScopes);
  if (actor.door === "mcp") throw new DomainError("PROJECT_ACCESS_DENIED", "Repositories are connected in the browser, by the project's owners.");
  const { fullName, installationId } = parseConnection(input);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await authorizeProject(tx, actor, input.projectId, "manage");
    return saveConnection(tx, input.projectId, fullName, installationId, actor.userId);
  });
}

/** The operator's way (scripts/admin.ts): no member acts; null when no project has the id. */
export async function connectRepositoryAsOperator(input: ConnectRepositoryInput): Promise<ConnectedRepository | null> {
  const { fullName, installationId } = parseConnection(input);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    if (!(await tx.project.findUnique({ where: { id: input.projectId }, select: { id: true } }))) return null;
    return saveConnection(tx, input.projectId, fullName, installationId, null);
  });
}

/** The operator's way to disconnect; false when it was not connected (a bad name is a validation error). */
export async function disconnectRepositoryAsOperator(projectId: string, repository: string): Promise<boolean> {
  const fullName = normalizeRepositoryName(repository);
  if (!fullName) throw validationError([{ path: "repository", message: "Must be owner/name, e.g. octo-org/web-app." }]);
  const prisma = await getPrisma();
  return (await prisma.githubRepository.deleteMany({ where: { projectId, fullName } })).count > 0;
}

export async function disconnectRepository(actor: Actor, projectId: string, repository: string): Promise<boolean> {
  requireScopes(actor, writeScopes);
  if (actor.door === "mcp") throw new DomainError("PROJECT_ACCESS_DENIED", "Repositories are disconnected in the browser, by the project's owners.");
  const fullName = normalizeRepositoryName(repository);
  if (!fullName) throw validationError([{ path: "repository", message: "Must be owner/name, e.g. octo-org/web-app." }]);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await authorizeProject(tx, actor, projectId, "manage");
    return (await tx.githubRepository.deleteMany({ where: { projectId, fullName } })).count > 0;
  });
}

/** What any member may see: the project's connected repositories, by name. */
export async function listConnectedRepositories(actor: Actor, projectId: string): Promise<ConnectedRepository[]> {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  await authorizeProject(prisma, actor, projectId, "read");
  const rows = await prisma.githubRepository.findMany({ where: { projectId }, orderBy: { fullName: "asc" } });
  return rows.map(toConnected);
}

function parseConnection(input: ConnectRepositoryInput): { fullName: string; installationId: bigint } {
  const fullName = normalizeRepositoryName(String(input.repository ?? ""));
  const id = String(input.installationId ?? "").trim();
  const issues = [
    ...(fullName ? [] : [{ path: "repository", message: "Must be owner/name, e.g. octo-org/web-app." }]),
    ...(/^[1-9]\d{0,17}$/.test(id) ? [] : [{ path: "installationId", message: "Must be the installation's number, from its settings page address on GitHub." }]),
  ];
  if (issues.length) throw validationError(issues);
  return { fullName: fullName!, installationId: BigInt(id) };
}

async function saveConnection(tx: Tx, projectId: string, fullName: string, installationId: bigint, createdById: string | null): Promise<ConnectedRepository> {
  const row = await tx.githubRepository.upsert({
    where: { projectId_fullName: { projectId, fullName } },
    create: { projectId, fullName, installationId, createdById },
    update: { installationId },
  });
  return toConnected(row);
}

function toConnected(row: { id: string; fullName: string; installationId: bigint; createdAt: Date }): ConnectedRepository {
  return { id: row.id, fullName: row.fullName, installationId: row.installationId.toString(), createdAt: row.createdAt.toISOString() };
}
