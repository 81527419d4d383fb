import type { App } from "@octokit/app";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { authorizeProject } from "@/lib/projects/project-access";
import { githubApp } from "./github-app";

export type FailingCheck = { pullRequestUrl: string; number: number; fullName: string; headSha: string; attempts: number; lastError: string; retryAt: string | null };
export type CheckPostingStatus = { enabled: boolean; failing: FailingCheck[] };

/**
 * For the project's owners: whether the "Briefs" check is posted at all (only with a GitHub App
 * configured), and the checks of its connected repositories' pull requests whose last post failed,
 * with GitHub's answer and when it is tried again. `app` is the configured App unless given.
 */
export async function checkPostingStatus(actor: Actor, projectId: string, options: { app?: App | null } = {}): Promise<CheckPostingStatus> {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  await authorizeProject(prisma, actor, projectId, "manage");
  if (!(options.app === undefined ? githubApp() : options.app)) return { enabled: false, failing: [] };
  const repositories = (await prisma.githubRepository.findMany({ where: { projectId }, select: { fullName: true } })).map((repository) => repository.fullName);
  if (!repositories.length) return { enabled: true, failing: [] };
  const rows = await prisma.githubCheckRun.findMany({
    where: { lastError: { not: null }, pullRequest: { fullName: { in: repositories } } },
    orderBy: { createdAt: "desc" },
    take: 20,
    select: { headSha: true, attempts: true, lastError: true, dueAt: true, pullRequest: { select: { url: true, number: true, fullName: true } } },
  });
  return {
    enabled: true,
    failing: rows.map((row) => ({
      pullRequestUrl: row.pullRequest.url,
      number: row.pullRequest.number,
      fullName: row.pullRequest.fullName,
      headSha: row.headSha,
      attempts: row.attempts,
      lastError: row.lastError!,
      retryAt: row.dueAt?.toISOString() ?? null,
    })),
  };
}
