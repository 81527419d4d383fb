import { expect, test } from "@playwright/test";
import { editorUrl, historyPanel, historyTab, save } from "./support/editor";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject, inviteMember } from "./support/projects";
import { createApiToken } from "./support/tokens";

test("an agent proposes, the PM reviews the diff and accepts one section; a reviewer's suggestion arrives as a proposal", async ({ browser }) => {
  const pm = await (await browser.newContext()).newPage();
  const reviewer = await (await browser.newContext()).newPage();
  const pam = newPerson("Pam");
  const rita = newPerson("Rita");
  await signUp(pm, pam);
  await signUp(reviewer, rita);

  // The PM writes a brief (version 2) and gives an agent a token that may only suggest.
  const token = await createApiToken(pm, "Reviewer bot", ["brief:read", "brief:propose"]);
  const projectId = await createProject(pm, "Billing");
  const briefId = await createBrief(pm, projectId, "Invoice export");
  await pm.getByLabel("Goal", { exact: true }).fill("Customers export their invoices as CSV.");
  await expect(pm.getByTestId("save-status")).toHaveText("Unsaved changes");
  await pm.getByRole("button", { name: "+ Add requirement" }).click();
  await pm.getByLabel("Requirement 1", { exact: true }).fill("Export as CSV");
  await save(pm, 2);
  await pm.goto(editorUrl(projectId, briefId));
  await expect(pm.getByTestId("proposals-badge")).toContainText("Proposals 0");

  // 1. The agent proposes through /api/mcp; the brief itself does not change.
  const { proposal } = (await callMcpTool(pm.request, token, "brief_propose", {
    briefId,
    baseVersionNum: 2,
    summary: "Add **PDF** and say who exports.",
    changes: { goal: "Account owners export their invoices as CSV or PDF.", requirements: ["Export as CSV", "Export as PDF"] },
    idempotencyKey: newIdempotencyKey(),
  })) as { proposal: { id: string } };

  // 2. The PM's open brief shows the badge, as for any change made elsewhere.
  await expect(pm.getByTestId("proposals-badge")).toContainText("Proposals 1", { timeout: 8_000 });
  await expect(pm.getByTestId("brief-version")).toContainText("Version 2");

  // 3. The PM reviews the diff: words in the goal, items in the requirements, Markdown rendered.
  await pm.getByTestId("proposals-badge").click();
  await expect(pm.getByRole("heading", { level: 1, name: "Proposals" })).toBeVisible();
  await pm.getByRole("link", { name: /Proposal by .* via Reviewer bot/ }).click();
  await expect(pm).toHaveURL(new RegExp(`/proposals/${proposal.id}$`));
  await expect(pm.getByRole("region", { name: "Summary" }).locator("strong")).toHaveText("PDF");
  const goal = pm.getByTestId("proposal-section-goal");
  await expect(goal.locator("del.diff-del")).toHaveText(["Customers", "CSV."]);
  await expect(goal.locator("ins.diff-ins")).toHaveText(["Account owners", "CSV or PDF."]);
  const requirements = pm.getByTestId("proposal-section-requirements");
  await expect(requirements.locator('[data-change="added"]')).toHaveText(/Export as PDF/);
  await expect(requirements.locator('[data-change="same"]')).toHaveText(/Export as CSV/);

  // It accepts the requirements and declines the goal.
  await pm.getByRole("checkbox", { name: "Goal" }).uncheck();
  await pm.getByRole("button", { name: "Accept selected sections" }).click();
  await expect(pm.getByTestId("proposal-decision")).toContainText("Accepted by Pam");
  await expect(pm.getByTestId("proposal-decision")).toContainText("version 3");
  await expect(pm.getByTestId("proposal-decision")).toContainText("declined: Goal");

  // 4. The history shows the version as the agent's proposal, accepted by the PM.
  await pm.goto(editorUrl(projectId, briefId));
  await expect(pm.getByTestId("brief-version")).toContainText("Version 3");
  await expect(pm.getByTestId("proposals-badge")).toContainText("Proposals 0");
  await expect(pm.getByTestId("brief-document")).toContainText("Export as PDF");
  await expect(pm.getByTestId("brief-document")).toContainText("Customers export their invoices as CSV.");
  await historyTab(pm, "Versions").click();
  await expect(historyPanel(pm).getByTestId("version-proposal").first()).toHaveText(new RegExp(`^${pam.email.replace(/\./g, "\\.")} via Reviewer bot's proposal, accepted by Pam in the browser$`));

  // 5. A reviewer's "Suggest changes" arrives as a proposal; nothing they typed is lost on the way.
  await inviteMember(pm, projectId, rita.email, "reviewer");
  await pm.goto(editorUrl(projectId, briefId));
  await reviewer.goto(editorUrl(projectId, briefId));
  await expect(reviewer.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
  await reviewer.getByRole("link", { name: "Suggest changes" }).click();
  await reviewer.getByLabel("Scope", { exact: true }).fill("Invoices of the last 24 months.");
  await expect(reviewer.getByTestId("save-status")).toHaveText("Unsaved changes");
  await reviewer.getByLabel("What you suggest and why (optional)").fill("Bound the export.");
  await reviewer.getByRole("button", { name: "Suggest changes", exact: true }).click();
  await expect(reviewer.getByTestId("save-status")).toHaveText("Sent as a proposal (Scope) for an editor to accept.");
  await expect(pm.getByTestId("proposals-badge")).toContainText("Proposals 1", { timeout: 8_000 });
  await pm.getByTestId("proposals-badge").click();
  await expect(pm.getByTestId("proposal-row").first()).toContainText(`Proposal by Rita`);
  await expect(pm.getByTestId("proposal-row").first()).toContainText("Bound the export.");
  await pm.getByRole("link", { name: "Proposal by Rita" }).click();
  await expect(pm.getByTestId("proposal-section-scope").locator("ins.diff-ins")).toHaveText(["Invoices of the last 24 months."]);
  // The brief itself is unchanged, and the project's list shows the open proposal.
  await pm.goto(`/projects/${projectId}`);
  await expect(pm.getByTestId("brief-open-proposals")).toHaveText("1 open proposal");
});
