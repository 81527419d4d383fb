import { expect, test, type Page } from "@playwright/test";
import { editorUrl, save } from "./support/editor";
import { expectNoHorizontalScroll } from "./support/layout";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { briefFilledByAgent } from "./support/brief-filled-by-agent";

const content = {
  requirements: ["FR-1: Export invoices as CSV", "Totals match the invoice list"],
  acceptanceCriteria: [
    { id: "AC-1", text: "A CSV file downloads" },
    { id: "AC-2", text: "The CSV's total equals the list's total" },
    { id: "AC-3", text: "Looks like the rest of the app", implementation: false, manualEvidence: { rationale: "Design review", evidencePath: "docs/review.md" } },
  ],
  testingQaChecklist: [{ text: "CSV opens in a spreadsheet", checked: true }],
  generatedTickets: [{ id: "T-1", title: "CSV export", description: null, boundCriteria: ["AC-1", "AC-2"], boundRequirements: ["FR-1"] }],
};

const gap = (page: Page, kind: string) => page.getByTestId("trace-gap").and(page.locator(`[data-kind="${kind}"]`));
const requirement = (page: Page, n: number) => page.getByRole("article", { name: new RegExp(`^Requirement ${n}\\b`) });

test("the trace shows an untraceable requirement and its gap, numbering fixes it, and the proof count and project setting show", async ({ page }) => {
  const pam = newPerson("Pam");
  await signUp(page, pam);
  const { token, projectId, briefId } = await briefFilledByAgent(page, { token: "Planner", project: "Billing", brief: "Invoice export" }, content);

  // 1. The brief says how much is proven (the exempt AC-3 is not counted) and leads to its trace.
  await page.goto(editorUrl(projectId, briefId));
  await expect(page.getByTestId("proof-count")).toHaveText("0 of 2 criteria proven");
  await page.getByTestId("trace-link").click();
  await expect(page).toHaveURL(`${editorUrl(projectId, briefId)}/trace`);
  await expect(page.getByRole("heading", { level: 1, name: "Trace" })).toBeVisible();
  await expect(page.getByTestId("trace-proof")).toContainText("0 of 2 criteria proven");
  await expect(page.getByTestId("trace-proof")).toContainText("1 exempt");

  // 2. The requirement without an id is not traceable, and the gaps say so first.
  await expect(requirement(page, 1)).toContainText("FR-1");
  await expect(requirement(page, 1).getByTestId("trace-ticket")).toContainText("T-1 · CSV export");
  await expect(requirement(page, 1).getByTestId("trace-ticket-criterion").first().getByTestId("criterion-status")).toHaveAttribute("data-status", "planned");
  await expect(requirement(page, 2)).toContainText("Not traceable");
  await expect(gap(page, "requirement_without_id")).toContainText("Requirement 2 has no id, so nothing can be traced to it.");
  await expect(page.getByTestId("trace-criterion")).toHaveCount(3);
  await expect(page.locator("#criterion-AC-3")).toHaveAttribute("data-status", "exempt");
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // 3. The gap leads to the requirements in the editor, where "Number requirements" numbers them.
  await gap(page, "requirement_without_id").getByRole("link", { name: "Number the requirements in the editor" }).click();
  await expect(page).toHaveURL(`${editorUrl(projectId, briefId)}?mode=edit&section=requirements`);
  await page.getByRole("button", { name: "Number requirements" }).click();
  await expect(page.getByLabel("Requirement 2", { exact: true })).toHaveValue("R1: Totals match the invoice list");
  await expect(page.getByLabel("Requirement 1", { exact: true })).toHaveValue("FR-1: Export invoices as CSV");
  await expect(page.getByTestId("number-requirements-status")).toHaveText("Numbered 1 requirement. Save to keep the ids.");
  await expect(page.getByRole("button", { name: "Number requirements" })).toHaveCount(0);
  await save(page, 3);

  await page.goto(`${editorUrl(projectId, briefId)}/trace`);
  await expect(requirement(page, 2)).toContainText("R1");
  await expect(requirement(page, 2)).not.toContainText("Not traceable");
  await expect(gap(page, "requirement_without_id")).toHaveCount(0);
  await expect(gap(page, "requirement_without_ticket")).toContainText("No ticket implements R1.");

  // 4. The brief list shows the same count beside the QA progress.
  await page.goto(`/projects/${projectId}`);
  const row = page.getByRole("list", { name: "Briefs" }).getByRole("listitem").filter({ hasText: "Invoice export" });
  await expect(row.getByTestId("brief-checklist-progress")).toHaveText("1 of 1 checked");
  await expect(row.getByTestId("proof-count")).toHaveText("0 of 2 criteria proven");

  // 5. The owner requires proof before checked; the setting stays after a reload.
  const setting = page.getByRole("form", { name: "Proof setting" });
  await expect(setting.getByTestId("require-proof-state")).toHaveText("Off: the QA checklist is enough.");
  await setting.getByLabel("Require proof before checked").selectOption("on");
  await setting.getByRole("button", { name: "Save setting" }).click();
  await expect(setting.getByRole("status")).toContainText("Saved: briefs of this project need proof");
  await page.reload();
  await expect(page.getByRole("form", { name: "Proof setting" }).getByLabel("Require proof before checked")).toHaveValue("on");

  // 6. In development with every QA row checked, the lifecycle says why the brief cannot be checked yet.
  for (const to of ["in_review", "baselined", "in_development"]) {
    if (to === "baselined") await callMcpTool(page.request, token, "brief_approve", { briefId, idempotencyKey: newIdempotencyKey() });
    await callMcpTool(page.request, token, "brief_transition", { briefId, to, idempotencyKey: newIdempotencyKey() });
  }
  await page.goto(editorUrl(projectId, briefId));
  const lifecycle = page.getByTestId("lifecycle");
  await expect(lifecycle.getByRole("button", { name: "Mark as checked" })).toBeDisabled();
  await expect(lifecycle).toContainText("This project requires proof: every acceptance criterion needs passing evidence");
});
