import crypto from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { pullRequestPayload, signedDelivery, type PullRequestChange } from "../tests/support/github-payloads";
import { editorUrl } from "./support/editor";
import { briefFilledByAgent } from "./support/brief-filled-by-agent";
import { newPerson, signUp } from "./support/people";

const SECRET = "e2e-github-webhook-secret";

const content = {
  requirements: ["FR-1: Export invoices as CSV"],
  acceptanceCriteria: [{ id: "AC-1", text: "A CSV file downloads" }],
  testingQaChecklist: [{ text: "CSV opens in a spreadsheet", checked: false }],
  generatedTickets: [{ id: "T-1", title: "CSV export", description: null, boundCriteria: ["AC-1"], boundRequirements: ["FR-1"] }],
};

async function deliver(request: APIRequestContext, action: Parameters<typeof pullRequestPayload>[0], change: PullRequestChange) {
  const body = JSON.stringify(pullRequestPayload(action, change));
  const response = await request.post("/api/github/webhook", { data: body, headers: await signedDelivery(SECRET, body, crypto.randomUUID()) });
  expect(response.status()).toBe(202);
}

const ticket = (page: Page) => page.getByTestId("trace-ticket").filter({ hasText: "T-1 · CSV export" });

test("an owner connects a repository, and the trace shows a ticket's pull request live as it goes from draft to merged", async ({ page }) => {
  await signUp(page, newPerson("Olga"));
  const { projectId, briefId } = await briefFilledByAgent(page, { token: "Builder", project: "Invoices", brief: "CSV export" }, content);
  const repository = `Octo-Org/web-${crypto.randomBytes(3).toString("hex")}`;

  // 1. The GitHub panel refuses a name GitHub would not give, then connects the repository, lower-cased.
  await page.goto(`/projects/${projectId}`);
  const form = page.getByRole("form", { name: "Connect a repository" });
  await form.getByLabel("Repository").fill("octo-org");
  await form.getByLabel("Installation id").fill("52718");
  await form.getByRole("button", { name: "Connect" }).click();
  await expect(form.getByText("Must be owner/name")).toBeVisible();
  await form.getByLabel("Repository").fill(repository);
  await form.getByRole("button", { name: "Connect" }).click();
  await expect(form.getByRole("status")).toContainText(`Connected ${repository.toLowerCase()}`);
  await expect(page.getByRole("list", { name: "Connected repositories" })).toContainText(`${repository.toLowerCase()} · installation 52718`);
  // With no GitHub App configured, the panel says no check is posted.
  await expect(page.getByTestId("github-checks-off")).toContainText("Checks are off");

  // 2. Each ticket on the trace shows its short key, to copy into a pull request.
  await page.goto(`${editorUrl(projectId, briefId)}/trace`);
  const key = (await ticket(page).getByTestId("ticket-key").textContent())!;
  expect(key).toMatch(/^BR-[0-9a-f]{8}#T-1$/);
  await expect(ticket(page).getByRole("button", { name: "Copy the key of T-1" })).toBeVisible();

  // 3. A draft pull request naming it appears without a reload, then merges and closes the ticket.
  const pr = { repository, number: 5, title: "CSV export", body: `Fixes ${key}`, login: "octocat" };
  await deliver(page.request, "opened", { ...pr, draft: true });
  const link = ticket(page).getByTestId("ticket-pull-request");
  await expect(link).toContainText(`${repository}#5`);
  await expect(link).toContainText("draft");
  await deliver(page.request, "closed", { ...pr, merged: true });
  await expect(link).toContainText("merged");
  await expect(ticket(page)).toContainText("GitHub (octocat)");
});
