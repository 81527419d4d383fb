import type { Sql } from "@/lib/db/sql";

/** Outbox events after which a linked brief's standing may read differently (docs/github.md#the-briefs-check). */
export const standingEventTypes = new Set(["brief.version_created", "evidence.added", "finding.opened", "finding.resolved", "work_order.created", "work_order.updated"]);

/**
 * Makes the check of each open or draft pull request's current head due now: a row per
 * (pull request, head commit), made when missing — so a new push starts a new check — and due
 * again when it was already there. A mark always changes `dueAt` (at least by a millisecond), so a
 * worker posting the check meanwhile sees it moved and leaves it due. `where` picks the pull requests.
 */
async function markDue(sql: Sql, where: string, params: unknown[], now: Date): Promise<number> {
  const rows = await sql.query<{ id: string }>(
    `INSERT INTO "GithubCheckRun" (id, "pullRequestId", "headSha", "dueAt")
     SELECT gen_random_uuid()::text, p.id, p."headSha", $1::timestamp FROM "GithubPullRequest" p
      WHERE p.state IN ('open', 'draft') AND EXISTS (SELECT 1 FROM "GithubTicketLink" l WHERE l."pullRequestId" = p.id) AND ${where}
     ON CONFLICT ("pullRequestId", "headSha") DO UPDATE
       SET "dueAt" = GREATEST(EXCLUDED."dueAt", COALESCE("GithubCheckRun"."dueAt" + interval '1 millisecond', EXCLUDED."dueAt"))
     RETURNING id`,
    [now.toISOString(), ...params],
  );
  return rows.length;
}

/** A pull request was opened, pushed to, made ready or relinked: its head's check is due. */
export function markPullRequestCheckDue(sql: Sql, pullRequestId: string, now = new Date()): Promise<number> {
  return markDue(sql, `p.id = $2`, [pullRequestId], now);
}

/** These briefs' standing may have changed: the checks of the pull requests linked to them are due. */
export function markBriefChecksDue(sql: Sql, briefIds: readonly string[], now = new Date()): Promise<number> {
  if (!briefIds.length) return Promise.resolve(0);
  return markDue(sql, `EXISTS (SELECT 1 FROM "GithubTicketLink" b WHERE b."pullRequestId" = p.id AND b."briefId" = ANY($2::text[]))`, [[...new Set(briefIds)]], now);
}
