import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startAppServer, waitForHealth, type AppServer } from "../support/app-server";
import { junit } from "../support/ci-proof";
import { appKeyPair, startGithubStandIn } from "../support/github-stand-in";
import { startOidcIssuer, type OidcIssuer } from "../support/oidc-issuer";
import { ciAppEnv } from "../support/ci-app-env";
import { runTsx } from "../support/spawn-tsx";

/**
 * The built app with a GitHub App configured against a local stand-in for GitHub's API: a signed
 * test report for a linked pull request shows up as its "Briefs" check within 10 seconds.
 */
describe(`the "Briefs" check over HTTP on ${process.env.BRIEFS_TEST_DB}`, () => {
  let issuer: OidcIssuer;
  let github: Awaited<ReturnType<typeof startGithubStandIn>>;
  let server: AppServer;
  let origin: string;
  let fixture: { projectId: string; briefId: string; headSha: string };
  let removeDatabase: (() => Promise<void>) | undefined;
  const repository = `octo/shop-${crypto.randomBytes(3).toString("hex")}`;

  beforeAll(async () => {
    issuer = await startOidcIssuer();
    const keys = appKeyPair();
    github = await startGithubStandIn({ appId: "4242", publicKey: keys.publicKey });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const app = await ciAppEnv(origin, issuer.issuer, { GITHUB_APP_ID: "4242", GITHUB_APP_PRIVATE_KEY: keys.privateKeyPem, GITHUB_API_URL: github.url });
    const env = app.env;
    removeDatabase = app.remove;
    const email = `owner.${crypto.randomBytes(4).toString("hex")}@example.test`;
    const made = await runTsx("tests/support/ci-proof-fixture.ts", [email, repository], env);
    if (made.code !== 0) throw new Error(`The fixture failed: ${made.stderr}`);
    fixture = JSON.parse(made.stdout.trim().split("\n").at(-1)!);
    server = startAppServer(port, env);
    await waitForHealth(server, origin, 200);
  });

  afterAll(async () => {
    await server?.stop();
    await issuer?.stop();
    await github?.close();
    await removeDatabase?.();
  });

  it("posts the check within 10 s of a report, with the criteria's statuses and the trace link", async () => {
    const claims = { aud: origin, repository, ref: "refs/pull/7/merge", sha: "b".repeat(40), run_id: "901", run_attempt: "1" };
    const report = junit([{ name: "AC-1 charges a saved card" }, { name: "AC-2 refuses an expired card", outcome: "failure", message: "charged anyway" }]);
    const answer = await fetch(`${origin}/api/github/test-report`, {
      method: "POST",
      headers: { "content-type": "application/xml", authorization: `Bearer ${await issuer.sign(claims)}` },
      body: report,
    });
    expect(answer.status).toBe(200);
    const posted = await github.waitForCheckRun((run) => run.method === "POST", 10_000);
    expect(posted.path).toBe(`/repos/${repository}/check-runs`);
    expect(Object.keys(posted.body).sort()).toEqual(["conclusion", "head_sha", "name", "output", "status"]);
    expect(posted.body).toMatchObject({ name: "Briefs", head_sha: fixture.headSha, status: "completed", conclusion: "failure" });
    const summary = (posted.body.output as { summary: string }).summary;
    expect(summary).toContain("| AC-1 | A saved card can be charged | proven |");
    expect(summary).toContain("| AC-2 | An expired card is refused | failing (1 open finding) |");
    expect(summary).toContain(`${origin}/projects/${fixture.projectId}/briefs/${fixture.briefId}/trace`);
  });
});
