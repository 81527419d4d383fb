import type { Sql } from "@/lib/db/sql";
import type { ActionsClaims } from "./verify-actions-token";

export type ReportPullRequest = { id: string; fullName: string; number: number; headSha: string };

const PULL_MERGE_REF = /^refs\/pull\/(\d{1,9})\/merge$/;

/**
 * The pull request a run tested: a `pull_request` run's ref is refs/pull/N/merge; any other run
 * (a push to the branch) is matched by its commit being the head of an open or draft pull request
 * of the repository. Null when neither finds one.
 */
export async function findPullRequest(sql: Sql, claims: ActionsClaims): Promise<ReportPullRequest | null> {
  const number = PULL_MERGE_REF.exec(claims.ref)?.[1];
  const rows = number
    ? await sql.query<ReportPullRequest>(`SELECT id, "fullName", number, "headSha" FROM "GithubPullRequest" WHERE "fullName" = $1 AND number = $2`, [claims.repository, Number(number)])
    : await sql.query<ReportPullRequest>(
        `SELECT id, "fullName", number, "headSha" FROM "GithubPullRequest" WHERE "fullName" = $1 AND lower("headSha") = $2 AND state IN ('open', 'draft') ORDER BY number DESC LIMIT 1`,
        [claims.repository, claims.sha],
      );
  return rows[0] ? { ...rows[0], number: Number(rows[0].number) } : null;
}
