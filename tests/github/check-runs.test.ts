import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "@octokit/app";
import type { Actor } from "@/lib/auth/actor";
import { parseJunit } from "@/lib/ci-proof/parse-junit";
import { recordTestReport } from "@/lib/ci-proof/record-test-report";
import { appOrigin } from "@/lib/config/app-origin";
import { getPrisma } from "@/lib/db/client";
import { fanOutEvents } from "@/lib/events/fan-out-events";
import { checkPostingStatus } from "@/lib/github/check-posting-status";
import { connectRepository } from "@/lib/github/connect-repository";
import { buildGithubApp } from "@/lib/github/github-app";
import { postDueChecks } from "@/lib/github/post-due-checks";
import { processDueDeliveries } from "@/lib/github/process-due-deliveries";
import { storeDelivery } from "@/lib/github/store-delivery";
import { newBrief, omit, readBrief, update } from "../support/briefs";
import { claimsFor, junit, sha } from "../support/ci-proof";
import { ownerAndEditor } from "../support/fixtures";
import { pullRequestPayload } from "../support/github-payloads";
import { appKeyPair, startGithubStandIn } from "../support/github-stand-in";
import { tracedContent } from "../support/trace";

describe(`the "Briefs" check on a pull request, on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let projectId: string;
  let github: Awaited<ReturnType<typeof startGithubStandIn>>;
  let app: App;
  let clock = Date.parse("2026-11-01T10:00:00Z");
  beforeAll(async () => {
    ({ alice, bob, projectId } = await ownerAndEditor());
    const keys = appKeyPair();
    github = await startGithubStandIn({ appId: "4242", publicKey: keys.publicKey });
    app = buildGithubApp({ appId: "4242", privateKey: keys.privateKeyPem, apiUrl: github.url });
  });
  afterAll(() => github?.close());

  /** A repository of the project with a pull request whose description names ticket T-1 (binding AC-1 and AC-2). */
  async function linkedPullRequest() {
    const repository = `octo/shop-${crypto.randomBytes(3).toString("hex")}`;
    await connectRepository(alice, { projectId, installationId: "77", repository });
    const brief = await newBrief(alice, projectId, tracedContent());
    const body = `Implements ${appOrigin()}/projects/${projectId}/briefs/${brief.id}#T-1`;
    const pullRequest = { fullName: repository, number: 12, body };
    return { brief, pullRequest };
  }

  async function deliver(action: "opened" | "synchronize", pullRequest: { fullName: string; number: number; body: string }, headSha: string) {
    clock += 60_000;
    const payload = pullRequestPayload(action, { repository: pullRequest.fullName, number: pullRequest.number, body: pullRequest.body, headSha, updatedAt: new Date(clock).toISOString() });
    await storeDelivery({ id: crypto.randomUUID(), event: "pull_request", payload: payload as unknown as Record<string, unknown> });
    while ((await processDueDeliveries()) > 0);
  }

  const report = (pullRequest: { fullName: string; number: number }, cases: Parameters<typeof junit>[0]) => recordTestReport(claimsFor(pullRequest), parseJunit(junit(cases)));

  /** What the workers do after a change: the outbox fans out (marking checks due), then one round posts. */
  async function settle(now?: Date) {
    while ((await fanOutEvents()) > 0);
    return postDueChecks({ app, now });
  }

  const postsTo = (fullName: string) => github.checkRuns.filter((run) => run.path.startsWith(`/repos/${fullName}/`));

  it("fails on a failing criterion, succeeds once both pass (same check, updated), and starts afresh on a new push", async () => {
    const { brief, pullRequest } = await linkedPullRequest();
    const first = sha();
    await deliver("opened", pullRequest, first);
    await settle();
    const opened = postsTo(pullRequest.fullName);
    expect(opened.map((run) => [run.method, run.body.name, run.body.head_sha, run.body.status, run.body.conclusion])).toEqual([["POST", "Briefs", first, "completed", "neutral"]]);
    expect(Object.keys(opened[0].body).sort()).toEqual(["conclusion", "head_sha", "name", "output", "status"]);
    const checkRunId = opened[0].id;

    await report(pullRequest, [{ name: "AC-1 a CSV file downloads" }, { name: "AC-2 totals match", outcome: "failure", message: "expected 10 to be 12" }]);
    await settle();
    const failed = postsTo(pullRequest.fullName).at(-1)!;
    expect(failed).toMatchObject({ method: "PATCH", id: checkRunId, path: `/repos/${pullRequest.fullName}/check-runs/${checkRunId}` });
    expect(failed.body.conclusion).toBe("failure");
    const output = failed.body.output as { title: string; summary: string };
    expect(output.title).toBe(`1 of 2 criteria failing at ${first.slice(0, 7)}`);
    expect(output.summary).toContain("| AC-1 | A CSV file downloads | proven |");
    expect(output.summary).toContain("| AC-2 | Totals match the invoice list | failing (1 open finding) |");
    expect(output.summary).not.toContain("AC-3");
    expect(output.summary).toContain(`(${appOrigin()}/projects/${projectId}/briefs/${brief.id}/trace)`);

    // Nothing changed: the next rounds, and a pull-request event that changes nothing, post nothing.
    const count = github.checkRuns.length;
    await settle();
    await deliver("synchronize", pullRequest, first);
    await settle();
    expect(github.checkRuns.length).toBe(count);

    await report(pullRequest, [{ name: "AC-1 a CSV file downloads" }, { name: "AC-2 totals match" }]);
    await settle();
    const fixed = postsTo(pullRequest.fullName).at(-1)!;
    expect(fixed).toMatchObject({ method: "PATCH", id: checkRunId, body: { conclusion: "success", output: { title: `2 of 2 criteria proven at ${first.slice(0, 7)}` } } });
    expect((fixed.body.output as { summary: string }).summary).toContain("| AC-2 | Totals match the invoice list | proven |");

    // A new push: a new check on the new commit, neutral until a report of that commit arrives.
    const second = sha();
    await deliver("synchronize", pullRequest, second);
    await settle();
    const pushed = postsTo(pullRequest.fullName).at(-1)!;
    expect(pushed).toMatchObject({ method: "POST", body: { head_sha: second, conclusion: "neutral" } });
    expect(pushed.id).not.toBe(checkRunId);
    expect((pushed.body.output as { summary: string }).summary).toContain("| AC-1 | A CSV file downloads | planned |");

    await report(pullRequest, [{ name: "AC-1 a CSV file downloads" }, { name: "AC-2 totals match" }]);
    await settle();
    expect(postsTo(pullRequest.fullName).at(-1)).toMatchObject({ method: "PATCH", id: pushed.id, body: { conclusion: "success" } });
    expect(postsTo(pullRequest.fullName).filter((run) => run.id === checkRunId)).toHaveLength(3);
  });

  it("retries a post GitHub refused, shows the last error to owners meanwhile, and then posts it once", async () => {
    const { pullRequest } = await linkedPullRequest();
    const head = sha();
    github.failCheckRuns(2, 502);
    await deliver("opened", pullRequest, head);
    await settle();
    expect(postsTo(pullRequest.fullName)).toEqual([]);

    const status = await checkPostingStatus(alice, projectId, { app });
    expect(status.enabled).toBe(true);
    expect(status.failing).toEqual([expect.objectContaining({ fullName: pullRequest.fullName, number: 12, headSha: head, attempts: 1, lastError: expect.stringContaining("GitHub answered 502") })]);
    await expect(checkPostingStatus(bob, projectId, { app })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });

    // Not due again before its back-off: a round now posts nothing.
    await settle();
    expect((await checkPostingStatus(alice, projectId, { app })).failing[0].attempts).toBe(1);

    const row = async () => (await getPrisma()).githubCheckRun.findFirstOrThrow({ where: { headSha: head } });
    await settle(new Date((await row()).dueAt!.getTime() + 1));
    expect((await checkPostingStatus(alice, projectId, { app })).failing[0]).toMatchObject({ attempts: 2, lastError: expect.stringContaining("502") });

    await settle(new Date((await row()).dueAt!.getTime() + 1));
    expect(postsTo(pullRequest.fullName).map((run) => [run.method, run.body.conclusion])).toEqual([["POST", "neutral"]]);
    expect((await checkPostingStatus(alice, projectId, { app })).failing.filter((check) => check.fullName === pullRequest.fullName)).toEqual([]);
    expect(await row()).toMatchObject({ attempts: 0, lastError: null, dueAt: null, conclusion: "neutral", checkRunId: BigInt(postsTo(pullRequest.fullName)[0].id) });

    await settle();
    expect(postsTo(pullRequest.fullName)).toHaveLength(1);
  });

  it("follows the brief's content: an unbound criterion leaves the check, an edited one is no longer proven", async () => {
    const { brief, pullRequest } = await linkedPullRequest();
    await deliver("opened", pullRequest, sha());
    await report(pullRequest, [{ name: "AC-1 a CSV file downloads" }, { name: "AC-2 totals match", outcome: "failure" }]);
    await settle();
    expect(postsTo(pullRequest.fullName).at(-1)!.body.conclusion).toBe("failure");

    const content = async () => omit((await readBrief(alice, brief.id)).brief.content as Record<string, unknown>, ["checklist"]) as ReturnType<typeof tracedContent>;
    const now = await content();
    const tickets = (now.generatedTickets as Array<{ id: string; boundCriteria: string[] }>).map((ticket) => (ticket.id === "T-1" ? { ...ticket, boundCriteria: ["AC-1"] } : ticket));
    await update(alice, { briefId: brief.id, content: { ...now, generatedTickets: tickets } });
    await settle();
    const unbound = postsTo(pullRequest.fullName).at(-1)!;
    expect(unbound).toMatchObject({ method: "PATCH", body: { conclusion: "success" } });
    expect((unbound.body.output as { summary: string }).summary).not.toContain("AC-2");

    const edited = await content();
    const criteria = (edited.acceptanceCriteria as Array<{ id: string; text: string }>).map((criterion) => (criterion.id === "AC-1" ? { ...criterion, text: "A CSV file downloads at once" } : criterion));
    await update(alice, { briefId: brief.id, content: { ...edited, acceptanceCriteria: criteria } });
    await settle();
    const last = postsTo(pullRequest.fullName).at(-1)!;
    expect(last).toMatchObject({ method: "PATCH", body: { conclusion: "neutral" } });
    expect((last.body.output as { summary: string }).summary).toContain("| AC-1 | A CSV file downloads at once | suspect |");
  });

  it("is posted once when two workers' rounds take the due checks at the same moment", async () => {
    const { pullRequest } = await linkedPullRequest();
    await deliver("opened", pullRequest, sha());
    while ((await fanOutEvents()) > 0);
    const taken = await Promise.all([postDueChecks({ app }), postDueChecks({ app }), postDueChecks({ app })]);
    expect(taken.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    expect(postsTo(pullRequest.fullName)).toHaveLength(1);
  });

  it("posts again a standing that changed while the previous post was on its way", async () => {
    const { pullRequest } = await linkedPullRequest();
    await deliver("opened", pullRequest, sha());
    github.whileNextCheckRunWaits(async () => {
      await report(pullRequest, [{ name: "AC-1 a CSV file downloads" }, { name: "AC-2 totals match", outcome: "failure" }]);
      while ((await fanOutEvents()) > 0);
    });
    await settle();
    expect(postsTo(pullRequest.fullName).map((run) => run.body.conclusion)).toEqual(["neutral"]);
    await settle();
    expect(postsTo(pullRequest.fullName).map((run) => [run.method, run.body.conclusion])).toEqual([
      ["POST", "neutral"],
      ["PATCH", "failure"],
    ]);
  });

  it("says checks are off, and posts nothing, with no GitHub App configured", async () => {
    const { pullRequest } = await linkedPullRequest();
    await deliver("opened", pullRequest, sha());
    expect(await postDueChecks({ app: null })).toBe(0);
    expect(await checkPostingStatus(alice, projectId, { app: null })).toEqual({ enabled: false, failing: [] });
  });
});
