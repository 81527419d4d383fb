import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { parseJunit } from "@/lib/ci-proof/parse-junit";
import { recordTestReport } from "@/lib/ci-proof/record-test-report";
import { getPrisma } from "@/lib/db/client";
import { ownerAndEditor } from "../support/fixtures";
import { newBrief, readBrief } from "../support/briefs";
import { statusItems } from "../support/evidence";
import { giveEvidence, statusesOf, traceOf, tracedContent } from "../support/trace";
import { claimsFor, connectedPullRequest, junit, linkTicket, pushHead } from "../support/ci-proof";

const record = (claims: ReturnType<typeof claimsFor>, xml: string) => recordTestReport(claims, parseJunit(xml));

describe(`verified test reports on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ alice, bob, projectId } = await ownerAndEditor());
  });

  async function linkedBrief() {
    const brief = await newBrief(alice, projectId, tracedContent());
    const pullRequest = await connectedPullRequest(projectId);
    await linkTicket(pullRequest.id, brief.id, "T-1");
    return { briefId: brief.id, pullRequest };
  }

  it("maps passing, failing, erroring and skipped cases to evidence per criterion, with CI provenance, in one write", async () => {
    const { briefId, pullRequest } = await linkedBrief();
    const before = (await readBrief(alice, briefId)).brief;
    const claims = claimsFor(pullRequest);
    const outcome = await record(
      claims,
      junit(
        [
          { name: "AC-1 downloads a CSV file" },
          { name: "downloads with umlauts", classname: "export.AC-1" },
          { name: "AC-2 totals match", outcome: "failure", message: "expected 10 to be 12" },
          { name: "AC-3 logo", outcome: "error", message: "TypeError" },
          { name: "AC-20 is not AC-2's neighbour", outcome: "skipped" },
          { name: "unrelated" },
        ],
        { nested: true },
      ),
    );
    expect(outcome.replayed).toBe(false);
    expect(outcome.briefs).toHaveLength(1);
    expect(outcome.briefs[0].recorded.map((r) => [r.criterionId, r.result, r.passed, r.failed])).toEqual([
      ["AC-1", "pass", 2, 0],
      ["AC-2", "fail", 0, 1],
      ["AC-3", "fail", 0, 1],
    ]);
    expect(await statusesOf(alice, briefId)).toMatchObject({ "AC-1": "proven", "AC-2": "failing", "AC-3": "failing" });

    // One write: the brief's version stays, its item sequence moved once for all items.
    const after = (await readBrief(alice, briefId)).brief;
    expect(after.versionNum).toBe(before.versionNum);
    const items = await statusItems(briefId, "artifacts");
    expect(items).toHaveLength(3);
    const findings = await statusItems(briefId, "findings");
    expect(findings.map((f) => [f.status, (f.data as { criterionIds: string[] }).criterionIds, (f.data as { note: string }).note])).toEqual([
      ["open", ["AC-2"], expect.stringContaining("expected 10 to be 12")],
      ["open", ["AC-3"], expect.stringContaining("TypeError")],
    ]);

    const evidence = (await traceOf(alice, briefId)).criteria[0].evidence[0];
    expect(evidence.provenance).toEqual({
      kind: "ci",
      provider: "github-actions",
      repository: pullRequest.fullName,
      workflow: "CI",
      runId: claims.runId,
      runUrl: `https://github.com/${pullRequest.fullName}/actions/runs/${claims.runId}/attempts/1`,
      sha: pullRequest.headSha,
      testedSha: claims.sha,
      ref: `refs/pull/${pullRequest.number}/merge`,
      pullRequest: pullRequest.number,
    });
    expect(evidence).toMatchObject({ kind: "test_run", result: "pass", createdBy: `GitHub Actions (${pullRequest.fullName})`, url: evidence.provenance.kind === "ci" ? evidence.provenance.runUrl : "" });
  });

  it("records in every brief the pull request is linked to, each brief's own criteria", async () => {
    const { briefId, pullRequest } = await linkedBrief();
    const second = await newBrief(alice, projectId, tracedContent({ acceptanceCriteria: [{ id: "AC-7", text: "Refunds show" }], generatedTickets: [{ id: "T-9", title: "Refunds", description: null, boundCriteria: ["AC-7"], boundRequirements: [] }] }));
    await linkTicket(pullRequest.id, second.id, "T-9");
    const outcome = await record(claimsFor(pullRequest), junit([{ name: "AC-1 works" }, { name: "AC-7 works", outcome: "failure" }]));
    expect(outcome.briefs.map((b) => [b.briefId, b.recorded.map((r) => `${r.criterionId}:${r.result}`)]).sort()).toEqual(
      [
        [briefId, ["AC-1:pass"]],
        [second.id, ["AC-7:fail"]],
      ].sort(),
    );
    expect(await statusItems(second.id, "findings")).toHaveLength(1);
    expect(await statusItems(briefId, "findings")).toHaveLength(0);
  });

  it("resolves the finding a later passing run proves", async () => {
    const { briefId, pullRequest } = await linkedBrief();
    await record(claimsFor(pullRequest), junit([{ name: "AC-2 totals", outcome: "failure" }]));
    const second = await record(claimsFor(pullRequest), junit([{ name: "AC-2 totals" }]));
    expect(second.briefs[0].findingsResolved).toHaveLength(1);
    expect((await traceOf(alice, briefId)).openFindings).toEqual([]);
  });

  it("records a retried upload once and answers with the first outcome", async () => {
    const { briefId, pullRequest } = await linkedBrief();
    const claims = claimsFor(pullRequest);
    const first = await record(claims, junit([{ name: "AC-1 works" }]));
    const again = await record(claims, junit([{ name: "AC-1 works", outcome: "failure" }]));
    expect(again).toEqual({ ...first, replayed: true });
    expect(await statusItems(briefId, "artifacts")).toHaveLength(1);
    // Another attempt of the same run is a run of its own.
    await record({ ...claims, runAttempt: 2 }, junit([{ name: "AC-1 works" }]));
    expect(await statusItems(briefId, "artifacts")).toHaveLength(2);
  });

  it("records concurrent uploads of the same run once", async () => {
    const { briefId, pullRequest } = await linkedBrief();
    const claims = claimsFor(pullRequest);
    const xml = junit([{ name: "AC-1 works" }, { name: "AC-2 works", outcome: "failure" }]);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => record(claims, xml)));
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.reportId)).size).toBe(1);
    expect(await statusItems(briefId, "artifacts")).toHaveLength(2);
    expect(await statusItems(briefId, "findings")).toHaveLength(1);
    const prisma = await getPrisma();
    expect(await prisma.githubTestReport.count({ where: { fullName: pullRequest.fullName, runId: BigInt(claims.runId) } })).toBe(1);
  });

  it("finds the pull request by its head commit for a push run, open or draft only", async () => {
    const { briefId, pullRequest } = await linkedBrief();
    const push = claimsFor(pullRequest, { ref: "refs/heads/feature", sha: pullRequest.headSha });
    const outcome = await record(push, junit([{ name: "AC-1 works" }]));
    expect(outcome.pullRequest).toEqual({ number: pullRequest.number, headSha: pullRequest.headSha });
    const prisma = await getPrisma();
    await prisma.githubPullRequest.update({ where: { id: pullRequest.id }, data: { state: "closed" } });
    await expect(record(claimsFor(pullRequest, { ref: "refs/heads/feature", sha: pullRequest.headSha }), junit([{ name: "AC-1 works" }]))).rejects.toMatchObject({
      status: 422,
      error: { details: { reason: "no_pull_request" } },
    });
    expect(await statusItems(briefId, "artifacts")).toHaveLength(1);
  });

  it("records nothing for a report naming no known criterion, an unconnected repository, or a pull request without links", async () => {
    const { briefId, pullRequest } = await linkedBrief();
    await expect(record(claimsFor(pullRequest), junit([{ name: "AC-9 is not a criterion" }, { name: "AC-1 skipped", outcome: "skipped" }]))).rejects.toMatchObject({
      status: 422,
      error: { code: "VALIDATION_ERROR", details: { reason: "no_known_criterion" } },
    });
    await expect(record(claimsFor({ fullName: "someone/else", number: 7 }), junit([{ name: "AC-1" }]))).rejects.toMatchObject({ status: 403, error: { details: { reason: "repository_not_connected" } } });
    const unlinked = await connectedPullRequest(projectId, { repository: pullRequest.fullName, number: 8 });
    await expect(record(claimsFor(unlinked), junit([{ name: "AC-1" }]))).rejects.toMatchObject({ status: 422, error: { details: { reason: "no_linked_brief" } } });
    expect(await statusItems(briefId, "artifacts")).toEqual([]);
    const prisma = await getPrisma();
    expect(await prisma.githubTestReport.count({ where: { fullName: pullRequest.fullName } })).toBe(0);
  });

  it("writes only to briefs of projects the repository is connected to", async () => {
    const other = await ownerAndEditor();
    const foreign = await newBrief(other.alice, other.projectId, tracedContent());
    const { briefId, pullRequest } = await linkedBrief();
    await linkTicket(pullRequest.id, foreign.id, "T-1");
    const outcome = await record(claimsFor(pullRequest), junit([{ name: "AC-1 works" }]));
    expect(outcome.briefs.map((b) => b.briefId)).toEqual([briefId]);
    expect(await statusItems(foreign.id, "artifacts")).toEqual([]);
  });

  it("marks evidence of an older head superseded once the newer head has a report", async () => {
    const { briefId, pullRequest } = await linkedBrief();
    await record(claimsFor(pullRequest), junit([{ name: "AC-1 works" }, { name: "AC-2 works" }]));
    await pushHead(pullRequest.id);
    let trace = await traceOf(alice, briefId);
    expect(trace.criteria[0].evidence[0].superseded).toBeUndefined();
    await record(claimsFor(pullRequest), junit([{ name: "AC-1 works" }]));
    trace = await traceOf(alice, briefId);
    expect(trace.criteria[0].evidence.map((e) => e.superseded ?? false)).toEqual([true, false]);
    expect(trace.criteria[1].evidence.map((e) => e.superseded ?? false)).toEqual([true]);
  });

  it("keeps what people add reported, and brief_evidence_add takes no provenance", async () => {
    const { briefId } = await linkedBrief();
    await giveEvidence(bob, { briefId, criterionIds: ["AC-1"], result: "pass" });
    expect((await traceOf(alice, briefId)).criteria[0].evidence[0].provenance).toEqual({ kind: "reported" });
    await expect(
      giveEvidence(bob, { briefId, criterionIds: ["AC-1"], result: "pass", provenance: { kind: "ci", provider: "github-actions" } } as never),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await statusItems(briefId, "artifacts")).toHaveLength(1);
  });

  it("reads evidence stored before provenance existed as reported", async () => {
    const { briefId } = await linkedBrief();
    await giveEvidence(bob, { briefId, criterionIds: ["AC-1"], result: "pass" });
    const prisma = await getPrisma();
    await prisma.$executeRawUnsafe(`UPDATE "BriefItem" SET data = data - 'provenance' WHERE "briefId" = $1`, briefId);
    expect((await traceOf(alice, briefId)).criteria[0].evidence[0].provenance).toEqual({ kind: "reported" });
  });
});
