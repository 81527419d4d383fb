import crypto from "node:crypto";
import { lockedBrief, writeTime } from "@/lib/briefs/lock-brief";
import { isReadOnlyState } from "@/lib/briefs/lifecycle";
import { getSql } from "@/lib/db/client";
import type { TransactionSql } from "@/lib/db/sql";
import { uuid7 } from "@/lib/db/uuid7";
import { WriteBatch } from "@/lib/db/write-batch";
import { recordEvents } from "@/lib/events/record-events";
import { recordEvidence } from "@/lib/evidence/record-evidence";
import type { BriefEvent } from "@/lib/briefs/run-brief-write";
import { ciProvenance } from "./ci-provenance";
import { criterionMatcher } from "./criterion-mentions";
import { findingNoteOf, resultsByCriterion, summaryOf } from "./criterion-results";
import { findPullRequest, type ReportPullRequest } from "./find-pull-request";
import type { TestCase } from "./parse-junit";
import { ReportRefused } from "./report-refused";
import type { ActionsClaims } from "./verify-actions-token";

/** What one brief got from a report. */
export type BriefOutcome = {
  briefId: string;
  title: string;
  versionNum: number;
  recorded: Array<{ criterionId: string; result: "pass" | "fail"; passed: number; failed: number; evidenceId: string }>;
  findingsRecorded: string[];
  findingsResolved: string[];
};

/** The answer to an upload, stored with the run so a retry gets the same one. */
export type ReportOutcome = {
  reportId: string;
  repository: string;
  runId: string;
  runAttempt: number;
  pullRequest: { number: number; headSha: string };
  testCases: number;
  briefs: BriefOutcome[];
};

type LinkedBrief = { id: string };

/**
 * Records a verified test report (docs/github.md#uploading-test-reports): in each brief whose
 * tickets the run's pull request is linked to, one evidence item per criterion its cases name — a
 * pass when every such case passed, else a fail that opens a finding — with CI provenance. One
 * transaction: per brief one write, and the run's row, so each run and attempt records once; a
 * retried or concurrent upload of the same run answers with the first outcome (`replayed`).
 */
export async function recordTestReport(claims: ActionsClaims, cases: readonly TestCase[]): Promise<ReportOutcome & { replayed: boolean }> {
  const driver = await getSql();
  const lockKey = crypto.createHash("sha256").update(`github-test-report\u0001${claims.repository}\u0001${claims.runId}\u0001${claims.runAttempt}`).digest().readBigInt64BE(0);
  return driver.transaction(
    async (sql) => {
      const [earlier] = await sql.query<{ outcome: unknown }>(`SELECT outcome FROM "GithubTestReport" WHERE "fullName" = $1 AND "runId" = $2::bigint AND "runAttempt" = $3`, [
        claims.repository,
        claims.runId,
        claims.runAttempt,
      ]);
      if (earlier) return { ...(parse(earlier.outcome) as ReportOutcome), replayed: true };

      const projects = (await sql.query<{ projectId: string }>(`SELECT "projectId" FROM "GithubRepository" WHERE "fullName" = $1`, [claims.repository])).map((row) => row.projectId);
      if (!projects.length) throw new ReportRefused(403, "repository_not_connected", `The repository ${claims.repository} is not connected to any project.`);
      const pullRequest = await findPullRequest(sql, claims);
      if (!pullRequest) {
        throw new ReportRefused(422, "no_pull_request", `No pull request of ${claims.repository} matches this run (ref ${claims.ref}, commit ${claims.sha}); nothing was recorded.`);
      }
      // Only briefs of projects the repository is connected to, whatever a link row says.
      const linked = await sql.query<LinkedBrief>(
        `SELECT DISTINCT b.id FROM "GithubTicketLink" l JOIN "Brief" b ON b.id = l."briefId" WHERE l."pullRequestId" = $1 AND b."projectId" = ANY($2::text[]) ORDER BY b.id`,
        [pullRequest.id, projects],
      );
      if (!linked.length) throw new ReportRefused(422, "no_linked_brief", `Pull request #${pullRequest.number} links to no ticket of a brief; nothing was recorded.`);

      const outcome = await writeBriefs(sql, claims, pullRequest, linked, projects, cases);
      if (!outcome.briefs.length) {
        throw new ReportRefused(422, "no_known_criterion", "No test case names an acceptance criterion of the briefs this pull request is linked to (e.g. AC-2 in its name or classname); nothing was recorded.", {
          briefIds: linked.map((brief) => brief.id),
        });
      }
      return { ...outcome, replayed: false };
    },
    { lockKey },
  );
}

async function writeBriefs(sql: TransactionSql, claims: ActionsClaims, pullRequest: ReportPullRequest, linked: LinkedBrief[], projects: string[], cases: readonly TestCase[]): Promise<ReportOutcome> {
  const batch = new WriteBatch();
  const provenance = ciProvenance(claims, pullRequest);
  const actor = { userId: null, label: `GitHub Actions (${claims.repository})` };
  const outcome: ReportOutcome = {
    reportId: uuid7(),
    repository: claims.repository,
    runId: claims.runId,
    runAttempt: claims.runAttempt,
    pullRequest: { number: pullRequest.number, headSha: provenance.sha },
    testCases: cases.length,
    briefs: [],
  };
  // Locked in id order, so two reports touching the same briefs never wait on each other in a cycle.
  for (const { id } of linked) {
    const [locked] = await sql.query<{ brief: Parameters<typeof lockedBrief>[1] }>(
      `WITH locked AS (SELECT b.id, b."projectId", b.title, b.state, b."versionNum", b."currentVersionHash", b."approvalHash", b."stateReason", b."successorBriefId", b."itemSeq",
                              b."updatedAt" AT TIME ZONE 'UTC' AS "updatedAt", 'editor' AS role
                         FROM "Brief" b WHERE b.id = $1 AND b."projectId" = ANY($2::text[]) FOR UPDATE OF b)
       SELECT row_to_json(locked) AS brief FROM locked`,
      [id, projects],
    );
    if (!locked?.brief || isReadOnlyState(locked.brief.state)) continue;
    const brief = await lockedBrief(sql, locked.brief, null);
    const criterionIds = [...new Set((brief.content.acceptanceCriteria ?? []).map((criterion) => criterion.id))];
    const results = resultsByCriterion(cases, criterionMatcher(criterionIds), criterionIds);
    if (!results.length) continue;
    const now = writeTime(brief);
    const events: BriefEvent[] = [];
    const items = results.map((result) => ({
      criterionIds: [result.criterionId],
      kind: "test_run",
      result: result.failed.length ? ("fail" as const) : ("pass" as const),
      summary: summaryOf(result, claims.workflow),
      url: provenance.runUrl,
      provenance,
      ...(result.failed.length && { findingNote: findingNoteOf(result, claims.workflow) }),
    }));
    const recorded = await recordEvidence({ sql, batch, brief, now, actor, events }, items);
    batch.add(`UPDATE "Brief" SET "itemSeq" = $2, "updatedAt" = $3 WHERE id = $1`, [brief.row.id, brief.lastSeq(), now.toISOString()]);
    recordEvents(batch, actor, now, events.map((event) => ({ ...event, projectId: brief.row.projectId, briefId: brief.row.id, versionNum: brief.row.versionNum })));
    outcome.briefs.push({
      briefId: brief.row.id,
      title: brief.row.title,
      versionNum: brief.row.versionNum,
      recorded: results.map((result, i) => ({ criterionId: result.criterionId, result: items[i].result, passed: result.passed.length, failed: result.failed.length, evidenceId: recorded.evidence[i].id })),
      findingsRecorded: recorded.findingsRecorded.map((finding) => finding.id),
      findingsResolved: recorded.findingsResolved,
    });
    // One statement per brief: a pull request linked to many briefs stays far from a statement's parameter limit.
    await batch.flush(sql);
  }
  if (outcome.briefs.length) {
    batch.add(
      `INSERT INTO "GithubTestReport" (id, "fullName", "runId", "runAttempt", "pullRequestId", "headSha", outcome, "receivedAt") VALUES ($1, $2, $3::bigint, $4, $5, $6, $7::jsonb, $8)`,
      [outcome.reportId, claims.repository, claims.runId, claims.runAttempt, pullRequest.id, provenance.sha, JSON.stringify(outcome), new Date().toISOString()],
    );
    await batch.flushLast(sql);
  }
  return outcome;
}

function parse(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}
