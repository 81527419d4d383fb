import crypto from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { pullRequestPayload, signedDelivery } from "../tests/support/github-payloads";
import { briefFilledByAgent } from "./support/brief-filled-by-agent";
import { CI_WEBHOOK_SECRET, startCiInstance, type CiInstance } from "./support/ci-instance";
import { editorUrl } from "./support/editor";
import { newPerson, signUp } from "./support/people";
import { savedCardContent } from "../tests/support/saved-card-content";

const content = savedCardContent();

/** A JUnit report as a test runner writes it: a case without a <failure> passed. */
function junit(cases: Array<{ name: string; failure?: string }>): string {
  const body = cases.map((c) => `<testcase name="${c.name}" classname="checkout.spec" time="0.01">${c.failure ? `<failure message="${c.failure}">stack</failure>` : ""}</testcase>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="vitest"><testsuite name="checkout" tests="${cases.length}">${body}</testsuite></testsuites>`;
}

const criterionRow = (page: Page, id: string) => page.getByTestId("trace-criterion").filter({ has: page.getByText(id, { exact: true }) });
const ticket = (page: Page) => page.getByTestId("trace-ticket").filter({ hasText: "T-1 · Saved cards" });

/**
 * Proof from CI end to end, on an instance of its own whose GitHub is a local stand-in: an owner
 * connects a repository, a pull request names a ticket, the workflow's signed JUnit report proves
 * one criterion and fails another, the trace shows it live and the "Briefs" check fails; a fixed
 * run turns the check green and the trace all proven.
 */
test.describe("proof from CI", () => {
  let instance: CiInstance;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    instance = await startCiInstance();
  });
  test.afterAll(async () => {
    await instance?.stop();
  });

  test("a signed report proves one criterion and fails another on the trace and the Briefs check; a fixed run turns both green", async ({ browser }) => {
    test.setTimeout(120_000);
    const { origin, issuer, github } = instance;
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    try {
      // 1. An owner signs up; an agent fills a brief whose ticket T-1 binds AC-1 and AC-2.
      await signUp(page, newPerson("Cora"));
      const { projectId, briefId } = await briefFilledByAgent(page, { token: "Builder", project: "Checkout", brief: "Saved cards" }, content);

      // 2. The owner connects the repository in the project's GitHub panel.
      const repository = `octo-org/shop-${crypto.randomBytes(3).toString("hex")}`;
      await page.goto(`/projects/${projectId}`);
      const form = page.getByRole("form", { name: "Connect a repository" });
      await form.getByLabel("Repository").fill(repository);
      await form.getByLabel("Installation id").fill("52718");
      await form.getByRole("button", { name: "Connect" }).click();
      await expect(form.getByRole("status")).toContainText(`Connected ${repository}`);

      // 3. A pull request whose description names T-1 by its address appears on the trace.
      await page.goto(`${editorUrl(projectId, briefId)}/trace`);
      const headSha = crypto.randomBytes(20).toString("hex");
      const change = { repository, number: 7, title: "Saved cards", body: `Implements ${origin}/projects/${projectId}/briefs/${briefId}#T-1`, headSha };
      await deliver(page.request, JSON.stringify(pullRequestPayload("opened", change)));
      await expect(ticket(page).getByTestId("ticket-pull-request")).toContainText(`${repository}#7`);
      await expect(ticket(page).getByTestId("ticket-pull-request")).toContainText("open");

      // 4. The workflow's report, signed by the token issuer for this pull request's merge ref.
      let run = 3000;
      const upload = async (report: string) => {
        const claims = { aud: origin, repository, ref: "refs/pull/7/merge", sha: crypto.randomBytes(20).toString("hex"), workflow: "CI", run_id: String(++run), run_attempt: "1" };
        const answer = await page.request.post("/api/github/test-report", {
          headers: { "content-type": "application/xml", authorization: `Bearer ${await issuer.sign(claims)}` },
          data: report,
        });
        expect(answer.status()).toBe(200);
      };
      await upload(junit([{ name: "AC-1 charges a saved card" }, { name: "AC-2 refuses an expired card", failure: "charged anyway" }]));

      // 5. Without a reload: AC-1 proven and verified by CI, AC-2 failing with an open finding.
      const ac1 = criterionRow(page, "AC-1");
      const ac2 = criterionRow(page, "AC-2");
      await expect(ac1).toHaveAttribute("data-status", "proven");
      await expect(ac1).toContainText("Proven");
      await expect(ac1.getByTestId("verified-by-ci")).toContainText("Verified by CI");
      await expect(ac1.getByTestId("verified-by-ci")).toContainText(`${repository} run 3001`);
      await expect(ac2).toHaveAttribute("data-status", "failing");
      await expect(ac2).toContainText("Failing");
      await expect(ac2).toContainText("1 open finding");
      await expect(ac2.getByTestId("verified-by-ci")).toBeVisible();

      // 6. GitHub has the "Briefs" check on the pull request's head commit, failing.
      const failed = await github.waitForCheckRun((r) => r.body.conclusion === "failure", 10_000);
      const created = github.checkRuns.find((r) => r.method === "POST" && r.body.head_sha === headSha);
      expect(created?.path).toBe(`/repos/${repository}/check-runs`);
      expect(created?.body.name).toBe("Briefs");
      expect(failed.id).toBe(created?.id);

      // 7. A fixed run: the same check turns to success, and the passing report resolves the finding.
      await upload(junit([{ name: "AC-1 charges a saved card" }, { name: "AC-2 refuses an expired card" }]));
      const succeeded = await github.waitForCheckRun((r) => r.body.conclusion === "success", 10_000);
      expect({ method: succeeded.method, id: succeeded.id }).toEqual({ method: "PATCH", id: created?.id });
      await expect(ac2).toHaveAttribute("data-status", "proven");
      await expect(ac2.getByTestId("verified-by-ci")).toContainText(`${repository} run 3002`);
      await expect(ac2).not.toContainText("open finding");
      await expect(ac1).toHaveAttribute("data-status", "proven");
      await expect(page.getByTestId("trace-gap").and(page.locator('[data-kind="open_finding"]'))).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});

async function deliver(request: APIRequestContext, body: string) {
  const response = await request.post("/api/github/webhook", { data: body, headers: await signedDelivery(CI_WEBHOOK_SECRET, body, crypto.randomUUID()) });
  expect(response.status()).toBe(202);
}
