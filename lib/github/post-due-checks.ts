import crypto from "node:crypto";
import { appOrigin } from "@/lib/config/app-origin";
import { getPrisma } from "@/lib/db/client";
import { nextAttemptAt } from "@/lib/webhooks/retry-schedule";
import { checkRunSummary } from "./check-run-summary";
import { loadCheckStanding } from "./check-standing";
import type { App } from "@octokit/app";
import { githubApp } from "./github-app";
import { postCheckRun, postingError } from "./post-check-run";

/** How long a worker holds a check it posts; one that died lets go when this passes. */
const LEASE_MS = 60_000;
/** Few enough that a round's posts, each cut off after POST_TIMEOUT_MS, end within the lease. */
const ROUND_LIMIT = 5;

/**
 * One round of posting the "Briefs" checks that are due (docs/github.md#the-briefs-check): leases up
 * to `limit` (SKIP LOCKED, so instances share them), computes each one's standing, and posts it —
 * unless GitHub already shows exactly that. A failed post stays due on the outbox's back-off, its
 * error kept for the GitHub panel; it is never given up. Returns how many checks it took; with no
 * App configured it posts nothing. `now` is the round's clock (tests move it past a back-off); `app`
 * is the configured App unless given.
 */
export async function postDueChecks(options: { limit?: number; now?: Date; app?: App | null } = {}): Promise<number> {
  const { limit = ROUND_LIMIT, now = new Date() } = options;
  const app = options.app === undefined ? githubApp() : options.app;
  if (!app) return 0;
  const prisma = await getPrisma();
  const leased = await prisma.$queryRawUnsafe<Array<{ id: string; pullRequestId: string; headSha: string; checkRunId: bigint | string | null; postedHash: string | null; attempts: number; dueAt: string }>>(
    `WITH due AS (
       SELECT id FROM "GithubCheckRun"
        WHERE "dueAt" <= $1::timestamp AND ("leaseUntil" IS NULL OR "leaseUntil" <= $1::timestamp)
        ORDER BY "dueAt", id LIMIT $3
        FOR UPDATE SKIP LOCKED)
     UPDATE "GithubCheckRun" c SET "leaseUntil" = $2::timestamp
       FROM due WHERE c.id = due.id
     RETURNING c.id, c."pullRequestId", c."headSha", c."checkRunId", c."postedHash", c.attempts, c."dueAt"::text AS "dueAt"`,
    now.toISOString(),
    new Date(now.getTime() + LEASE_MS).toISOString(),
    limit,
  );
  for (const check of leased) {
    // A change marked while this check was out moved its dueAt (mark-checks-due.ts always does):
    // it stays due, since what was posted may have been read before the change.
    const settle = () =>
      prisma.$executeRawUnsafe(
        `UPDATE "GithubCheckRun" SET "dueAt" = CASE WHEN "dueAt"::text = $2 THEN NULL ELSE "dueAt" END, "leaseUntil" = NULL, attempts = 0, "lastError" = NULL WHERE id = $1`,
        check.id,
        check.dueAt,
      );
    try {
      const pullRequest = await prisma.githubPullRequest.findUnique({ where: { id: check.pullRequestId }, select: { fullName: true } });
      const repository = pullRequest && (await prisma.githubRepository.findFirst({ where: { fullName: pullRequest.fullName }, select: { installationId: true } }));
      if (!pullRequest || !repository) {
        // Disconnected: nothing to post to, and nothing to keep trying.
        await settle();
        continue;
      }
      const output = checkRunSummary(await loadCheckStanding(check.pullRequestId, check.headSha), check.headSha, appOrigin());
      const hash = crypto.createHash("sha256").update(JSON.stringify(output)).digest("hex");
      const checkRunId = check.checkRunId === null ? null : BigInt(check.checkRunId);
      if (checkRunId === null || hash !== check.postedHash) {
        const id = await postCheckRun(app, { installationId: repository.installationId, fullName: pullRequest.fullName, headSha: check.headSha, checkRunId }, output);
        await prisma.githubCheckRun.update({ where: { id: check.id }, data: { checkRunId: id, conclusion: output.conclusion, postedHash: hash, postedAt: new Date() } });
      }
      await settle();
    } catch (error) {
      const attempts = check.attempts + 1;
      await prisma.githubCheckRun.update({
        where: { id: check.id },
        data: { attempts, lastError: postingError(error), dueAt: nextAttemptAt(attempts, now), leaseUntil: null },
      });
    }
  }
  return leased.length;
}
