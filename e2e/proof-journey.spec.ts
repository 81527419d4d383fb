import { expect, test, type Page } from "@playwright/test";
import { editUrl, editorUrl, qaCheckbox, qaRow, save } from "./support/editor";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { inviteMember } from "./support/projects";
import { briefFilledByAgent } from "./support/brief-filled-by-agent";

/** A 1×1 PNG: a screenshot the server accepts as image/png from its bytes. */
const screenshot = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

const content = {
  goal: "Customers export their invoices.",
  requirements: ["FR-1: Export invoices as CSV", "FR-2: Totals match the invoice list"],
  acceptanceCriteria: [
    { id: "AC-1", text: "A CSV file downloads" },
    { id: "AC-2", text: "The CSV's total equals the list's total" },
  ],
  generatedTickets: [{ id: "T-1", title: "CSV export", description: null, boundCriteria: ["AC-1", "AC-2"], boundRequirements: ["FR-1", "FR-2"] }],
  testingQaChecklist: [{ text: "CSV opens in a spreadsheet", checked: false }],
};

const traceUrl = (projectId: string, briefId: string) => `${editorUrl(projectId, briefId)}/trace`;
const gap = (page: Page, kind: string) => page.getByTestId("trace-gap").and(page.locator(`[data-kind="${kind}"]`));
const traceCriterion = (page: Page, id: string) => page.getByTestId("trace-criterion").filter({ hasText: id });
const criterionStatus = (page: Page, id: string) => page.getByTestId("criterion").filter({ hasText: id }).getByTestId("criterion-status");

test("done means proven: an agent's claim shows as unproven until its evidence, an edit makes it suspect, and QA's failure shows on the row and in the trace", async ({ browser }) => {
  const pm = await (await browser.newContext()).newPage();
  const qa = await (await browser.newContext()).newPage();
  const pam = newPerson("Pam");
  const quinn = newPerson("Quinn");
  await signUp(pm, pam);
  await signUp(qa, quinn);
  const { token: agent, projectId, briefId } = await briefFilledByAgent(pm, { token: "Coding agent", project: "Billing", brief: "Invoice export" }, content);
  await inviteMember(pm, projectId, quinn.email, "editor");

  // 1. The agent claims the ticket and reports it done with its pull request.
  const claimed = (await callMcpTool(pm.request, agent, "brief_work_order_update", { briefId, ticketId: "T-1", status: "in_progress", idempotencyKey: newIdempotencyKey() })) as { workOrder: { assignee: string } };
  expect(claimed.workOrder.assignee).toMatch(/ via Coding agent$/);
  await callMcpTool(pm.request, agent, "brief_work_order_update", {
    briefId,
    ticketId: "T-1",
    status: "done",
    links: [{ label: "pull request", url: "https://github.com/acme/billing/pull/42" }],
    idempotencyKey: newIdempotencyKey(),
  });

  // 2. The trace shows the claim as done but not proven.
  await pm.goto(traceUrl(projectId, briefId));
  await expect(gap(pm, "claimed_not_proven")).toContainText("Ticket T-1 is done, but AC-1, AC-2 have no passing evidence.");
  await expect(traceCriterion(pm, "AC-1")).toHaveAttribute("data-status", "unproven");
  // T-1 implements both requirements, so it shows under each.
  await expect(pm.getByTestId("trace-ticket").filter({ hasText: "T-1" }).getByRole("link", { name: /pull request/ })).toHaveCount(2);
  await expect(pm.getByTestId("trace-ticket").filter({ hasText: "T-1" }).first().getByRole("link", { name: /pull request/ })).toHaveAttribute("href", "https://github.com/acme/billing/pull/42");

  // 3. The agent adds passing test-run evidence: the criterion is proven.
  await callMcpTool(pm.request, agent, "brief_evidence_add", {
    briefId,
    criterionIds: ["AC-1"],
    kind: "test_run",
    result: "pass",
    summary: "`npm test -- export`: 14 passed",
    url: "https://ci.example.com/runs/981",
    idempotencyKey: newIdempotencyKey(),
  });
  await pm.reload();
  await expect(traceCriterion(pm, "AC-1")).toHaveAttribute("data-status", "proven");
  await expect(gap(pm, "claimed_not_proven")).toContainText("AC-2 has no passing evidence");
  await pm.goto(editorUrl(projectId, briefId));
  await expect(criterionStatus(pm, "AC-1")).toContainText("Proven");
  await expect(pm.getByTestId("proof-count").first()).toContainText("1 of 2 criteria proven");

  // 4. The PM edits that criterion's text: its evidence is now for an earlier text.
  await pm.goto(editUrl(projectId, briefId));
  await pm.getByLabel("Criterion 1 text").fill("A CSV file downloads within 2 seconds");
  await expect(pm.getByTestId("save-status")).toHaveText("Unsaved changes");
  await save(pm, 3);
  await pm.goto(editorUrl(projectId, briefId));
  await expect(criterionStatus(pm, "AC-1")).toContainText("Suspect");
  await pm.goto(traceUrl(projectId, briefId));
  await expect(traceCriterion(pm, "AC-1")).toHaveAttribute("data-status", "suspect");
  await expect(gap(pm, "suspect_evidence")).toContainText("AC-1");

  // 5. QA fails the row with a screenshot: the finding shows on the row and in the trace.
  await qa.goto(editorUrl(projectId, briefId));
  const row = "CSV opens in a spreadsheet";
  await qaRow(qa, row).getByRole("button", { name: `Mark failed: ${row}` }).click();
  const fail = qa.getByRole("form", { name: `Mark “${row}” failed` });
  await fail.getByLabel("What went wrong").fill("Excel shows the amounts as text.");
  await fail.getByLabel("AC-2").check();
  await fail.getByLabel("Screenshot (optional)").setInputFiles({ name: "excel.png", mimeType: "image/png", buffer: screenshot });
  await fail.getByRole("button", { name: "Mark failed" }).click();
  const finding = qaRow(qa, row).getByTestId("open-finding");
  await expect(finding).toContainText("Excel shows the amounts as text.");
  await expect(finding).toContainText(`Reported by ${quinn.name}`);
  await expect(qaCheckbox(qa, row)).not.toBeChecked();
  await pm.reload();
  await expect(gap(pm, "open_finding")).toContainText("Excel shows the amounts as text.");
  await expect(traceCriterion(pm, "AC-2")).toContainText("1 open finding");
});
