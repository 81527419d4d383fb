import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { editorUrl, qaCheckbox, qaRow } from "./support/editor";
import { expectNoHorizontalScroll } from "./support/layout";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { briefFilledByAgent } from "./support/brief-filled-by-agent";

/** A 1×1 PNG: the smallest screenshot the server accepts as image/png from its bytes. */
const tinyPng = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

const content = {
  requirements: ["FR-1: Export invoices as CSV"],
  acceptanceCriteria: [
    { id: "AC-1", text: "A CSV file downloads" },
    { id: "AC-2", text: "The CSV's total equals the list's total" },
  ],
  testingQaChecklist: [
    { text: "CSV opens in a spreadsheet", checked: false },
    { text: "Totals match", checked: false },
  ],
  generatedTickets: [{ id: "T-1", title: "CSV export", description: null, boundCriteria: ["AC-1", "AC-2"], boundRequirements: ["FR-1"] }],
};

const ticket = (page: Page, id: string) => page.getByTestId("ticket").filter({ hasText: id });
const criterion = (page: Page, id: string) => page.getByTestId("criterion").filter({ hasText: id });
/** A row's "Mark failed" button, named with the row's text for screen readers. */
const markFailed = (text: string) => `Mark failed: ${text}`;

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("on the brief page a person reports work on a ticket, proves a criterion with a screenshot, fails a QA row and resolves its finding", async ({ page }) => {
  const pam = newPerson("Pam");
  await signUp(page, pam);
  const { projectId, briefId } = await briefFilledByAgent(page, { token: "Planner", project: "Billing", brief: "Invoice export" }, content);
  await page.goto(editorUrl(projectId, briefId));

  // 1. The ticket's work order: nobody is on it; Pam puts it in review with its pull request.
  await expect(ticket(page, "T-1").getByTestId("work-order")).toContainText("To do");
  await expect(ticket(page, "T-1").getByTestId("work-order-assignee")).toHaveText("Nobody is on it yet");
  await ticket(page, "T-1").locator("summary", { hasText: "Update work order" }).click();
  const order = page.getByRole("form", { name: "Work order of ticket T-1" });
  await order.getByLabel("Status", { exact: true }).selectOption("in_review");
  await order.getByLabel("Who is on it").fill("Ada Lovelace");
  await order.getByLabel("Link label").fill("pull request");
  // The service's own words when it refuses an address.
  await order.getByLabel("Link address").fill("github.com/acme/billing/pull/42");
  await order.getByRole("button", { name: "Save work order" }).click();
  await expect(order.getByRole("alert")).toContainText("Must be an absolute http or https URL.");
  await order.getByLabel("Link address").fill("https://github.com/acme/billing/pull/42");
  await order.getByRole("button", { name: "Save work order" }).click();
  const workOrder = ticket(page, "T-1").getByTestId("work-order");
  await expect(workOrder).toContainText("In review");
  await expect(workOrder.getByTestId("work-order-assignee")).toHaveText("On it: Ada Lovelace");
  const prLink = workOrder.getByRole("link", { name: /pull request/ });
  await expect(prLink).toHaveAttribute("href", "https://github.com/acme/billing/pull/42");
  await expect(prLink).toHaveAttribute("target", "_blank");
  await expect(prLink).toHaveAttribute("rel", /\bnoopener\b/);
  await expect(workOrder).toContainText(`Updated by ${pam.name}`);
  // The criteria it binds are planned while its work is not done.
  await expect(criterion(page, "AC-1").getByTestId("criterion-status")).toContainText("Planned");

  // 2. Evidence: a passing screenshot proves AC-1; AC-2 stays planned.
  await criterion(page, "AC-1").locator("summary", { hasText: "Add evidence" }).click();
  const evidence = page.getByRole("form", { name: "Evidence for AC-1" });
  await expect(evidence.getByLabel("Kind")).toHaveValue("screenshot");
  await evidence.getByLabel("Passed").check();
  await evidence.getByLabel("Summary").fill("The **CSV** downloads in Chrome and Firefox.");
  await evidence.getByLabel("Screenshot or file").setInputFiles({ name: "download.png", mimeType: "image/png", buffer: tinyPng });
  await evidence.getByRole("button", { name: "Add evidence" }).click();
  await expect(criterion(page, "AC-1").getByTestId("criterion-status")).toContainText("Proven");
  await expect(criterion(page, "AC-2").getByTestId("criterion-status")).toContainText("Planned");
  const item = criterion(page, "AC-1").getByTestId("evidence");
  await expect(item).toContainText("Passed");
  await expect(item).toContainText("Screenshot");
  await expect(item.locator("strong")).toHaveText("CSV");
  const fileLink = item.getByRole("link", { name: /Open the file/ });
  await expect(fileLink).toHaveAttribute("target", "_blank");
  // The stored screenshot is served to the signed-in person as the PNG it is.
  const served = await page.request.get((await fileLink.getAttribute("href"))!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(Buffer.from(await served.body()).equals(tinyPng)).toBe(true);

  // 3. QA: a ticked row is marked failed with a note and a screenshot; it reads unchecked and shows the finding.
  await qaCheckbox(page, "CSV opens in a spreadsheet").click();
  await expect(qaCheckbox(page, "CSV opens in a spreadsheet")).toBeChecked();
  await qaRow(page, "CSV opens in a spreadsheet").getByRole("button", { name: markFailed("CSV opens in a spreadsheet") }).click();
  const fail = page.getByRole("form", { name: "Mark “CSV opens in a spreadsheet” failed" });
  await fail.getByLabel("What went wrong").fill("Excel shows the amounts as text.");
  await fail.getByLabel("Severity").selectOption("blocker");
  await fail.getByLabel("AC-2").check();
  await fail.getByLabel("Screenshot (optional)").setInputFiles({ name: "excel.png", mimeType: "image/png", buffer: tinyPng });
  await fail.getByRole("button", { name: "Mark failed" }).click();
  const finding = qaRow(page, "CSV opens in a spreadsheet").getByTestId("open-finding");
  await expect(finding).toContainText("Blocker");
  await expect(finding).toContainText("Excel shows the amounts as text.");
  await expect(finding).toContainText(`Reported by ${pam.name}`);
  await expect(finding.getByRole("link", { name: /Screenshot/ })).toHaveAttribute("target", "_blank");
  await expect(qaCheckbox(page, "CSV opens in a spreadsheet")).not.toBeChecked();
  await expect(criterion(page, "AC-2")).toContainText("Open blocker finding");

  // Everything it shows stays after a reload; the page with its forms open is accessible and fits a phone.
  await page.reload();
  await expect(ticket(page, "T-1").getByTestId("work-order-assignee")).toHaveText("On it: Ada Lovelace");
  await expect(criterion(page, "AC-1").getByTestId("criterion-status")).toContainText("Proven");
  await expect(qaRow(page, "CSV opens in a spreadsheet").getByTestId("open-finding")).toContainText("Excel shows the amounts as text.");
  await expect(qaCheckbox(page, "CSV opens in a spreadsheet")).not.toBeChecked();
  await ticket(page, "T-1").locator("summary", { hasText: "Update work order" }).click();
  await criterion(page, "AC-2").locator("summary", { hasText: "Add evidence" }).click();
  await qaRow(page, "Totals match").getByRole("button", { name: markFailed("Totals match") }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("proof-wide.png"), fullPage: true });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath("proof-narrow.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // 4. Resolving the finding takes it off the row.
  await qaRow(page, "CSV opens in a spreadsheet").getByRole("button", { name: "Resolve" }).click();
  await qaRow(page, "CSV opens in a spreadsheet").getByLabel("How it was resolved (optional)").fill("Amounts are numbers now.");
  await qaRow(page, "CSV opens in a spreadsheet").getByRole("button", { name: "Mark resolved" }).click();
  await expect(qaRow(page, "CSV opens in a spreadsheet").getByTestId("open-finding")).toHaveCount(0);
  await expect(criterion(page, "AC-2")).not.toContainText("Open blocker finding");
  await page.reload();
  await expect(qaRow(page, "CSV opens in a spreadsheet").getByTestId("open-finding")).toHaveCount(0);
});

test("someone who may only read sees the proof but no controls, and the upload routes refuse other origins", async ({ browser }) => {
  const owner = await (await browser.newContext()).newPage();
  const viewer = await (await browser.newContext()).newPage();
  const olga = newPerson("Olga");
  const vic = newPerson("Vic");
  await signUp(owner, olga);
  await signUp(viewer, vic);
  const { token, projectId, briefId } = await briefFilledByAgent(owner, { token: "Agent", project: "Read only", brief: "Proof to look at" }, content);
  await callMcpTool(owner.request, token, "brief_work_order_update", {
    briefId,
    ticketId: "T-1",
    status: "done",
    links: [{ label: "pull request", url: "https://github.com/acme/billing/pull/7" }],
    idempotencyKey: newIdempotencyKey(),
  });
  await owner.goto(`/projects/${projectId}`);
  const invite = owner.getByRole("form", { name: "Invite a member" });
  await invite.getByLabel("Email").fill(vic.email);
  await invite.getByLabel("Role").selectOption("viewer");
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(owner.getByRole("list", { name: "Members" })).toContainText(vic.email);

  await viewer.goto(editorUrl(projectId, briefId));
  await expect(ticket(viewer, "T-1").getByTestId("work-order")).toContainText("Done");
  await expect(ticket(viewer, "T-1").getByRole("link", { name: /pull request/ })).toBeVisible();
  await expect(criterion(viewer, "AC-1").getByTestId("criterion-status")).toContainText("Unproven");
  await expect(viewer.getByText("Update work order")).toHaveCount(0);
  await expect(viewer.getByText("Add evidence")).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /^Mark failed/ })).toHaveCount(0);

  // A multipart post needs no preflight, so a foreign page could send one: it is refused.
  const foreign = await owner.request.post(`/api/briefs/${briefId}/evidence`, {
    headers: { Origin: "https://attacker.example" },
    multipart: { criterionIds: "AC-1", kind: "link", result: "pass", summary: "x", url: "https://example.com", idempotencyKey: newIdempotencyKey() },
  });
  expect(foreign.status()).toBe(403);
  // The browser's limit is 5,000,000 bytes a file: one byte more is the service's refusal, and a body
  // far beyond the limit is cut off while it is read.
  const origin = new URL(owner.url()).origin;
  const png = (size: number) => Buffer.concat([tinyPng, Buffer.alloc(size - tinyPng.length)]);
  const evidenceWith = (buffer: Buffer) =>
    owner.request.post(`/api/briefs/${briefId}/evidence`, {
      headers: { Origin: origin },
      multipart: { criterionIds: "AC-1", kind: "screenshot", result: "pass", summary: "x", idempotencyKey: newIdempotencyKey(), file: { name: "big.png", mimeType: "image/png", buffer } },
    });
  const justOver = await evidenceWith(png(5_000_001));
  expect(justOver.status()).toBe(400);
  expect((await justOver.json()).error.details.issues[0].message).toContain("the limit here is 5000000");
  const farOver = await evidenceWith(png(5_200_000));
  expect(farOver.status()).toBe(413);
  expect((await farOver.json()).error.code).toBe("CONTENT_TOO_LARGE");
  // The viewer's own page may not add evidence either: the service refuses a viewer's write.
  const refused = await viewer.request.post(`/api/briefs/${briefId}/evidence`, {
    headers: { Origin: new URL(viewer.url()).origin },
    multipart: { criterionIds: "AC-1", kind: "link", result: "pass", summary: "x", url: "https://example.com", idempotencyKey: newIdempotencyKey() },
  });
  expect(refused.status()).toBe(404);
});
