import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "./support/layout";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject } from "./support/projects";
import { createApiToken } from "./support/tokens";

test("a PM creates a project and briefs, searches and filters them, and opens one", async ({ page }) => {
  await signUp(page, newPerson("Pat"));
  await expect(page.getByText("No projects yet")).toBeVisible();

  const projectId = await createProject(page, "Checkout revamp");
  await expect(page).toHaveTitle("Checkout revamp · Briefs");
  await expect(page.getByText("No briefs yet")).toBeVisible();

  const passkeys = await createBrief(page, projectId, "Passkey sign-in");
  await expect(page).toHaveURL(`/projects/${projectId}/briefs/${passkeys}?mode=edit`);
  const reset = await createBrief(page, projectId, "Password reset by email");
  await createBrief(page, projectId, "Apple Pay at checkout");

  await page.goto(`/projects/${projectId}`);
  const briefs = page.getByRole("list", { name: "Briefs" }).getByRole("link");
  // Most recently changed first.
  await expect(briefs).toHaveText([/Apple Pay at checkout/, /Password reset by email/, /Passkey sign-in/]);
  const applePay = briefs.filter({ hasText: "Apple Pay at checkout" });
  await expect(applePay).toContainText("Drafting");
  await expect(applePay).toContainText("v1");
  await expect(applePay.locator("time")).toHaveText(/just now|minute/);
  await expect(applePay.locator("time")).toHaveAttribute("title", /\d{4}|\d{1,2}:\d{2}/);

  await page.getByLabel("Search titles").fill("pass");
  await page.getByLabel("Search titles").press("Enter");
  await expect(page).toHaveURL(`/projects/${projectId}?q=pass`);
  await expect(briefs).toHaveText([/Password reset by email/, /Passkey sign-in/]);

  await page.getByLabel("State").selectOption("in_review");
  await expect(page).toHaveURL(`/projects/${projectId}?state=in_review&q=pass`);
  await expect(page.getByText("No briefs match these filters")).toBeVisible();
  await expect(page.getByText("No brief in state “In review” and with “pass” in the title.")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Clear filters" }).last().click();
  await expect(page).toHaveURL(`/projects/${projectId}`);
  await expect(briefs).toHaveCount(3);

  // The URL alone says what is shown: a shared filtered link opens the same list.
  await page.goto(`/projects/${projectId}?state=drafting&q=RESET`);
  await expect(page.getByLabel("State")).toHaveValue("drafting");
  await expect(page.getByLabel("Search titles")).toHaveValue("RESET");
  await expect(briefs).toHaveText([/Password reset by email/]);

  await briefs.first().click();
  await expect(page).toHaveURL(`/projects/${projectId}/briefs/${reset}`);
});

test("briefs an agent writes show their state, filter by state, and page with Load more", async ({ page }) => {
  await signUp(page, newPerson("Ada"));
  const projectId = await createProject(page, "Agent-written briefs");
  const token = await createApiToken(page, "Seeder", ["brief:read", "brief:write"]);

  const ids: string[] = [];
  for (let n = 1; n <= 22; n++) {
    const { brief } = (await callMcpTool(page.request, token, "brief_create", {
      projectId,
      title: `Agent brief ${String(n).padStart(2, "0")}`,
      idempotencyKey: newIdempotencyKey(),
    })) as { brief: { id: string } };
    ids.push(brief.id);
  }
  await callMcpTool(page.request, token, "brief_transition", {
    briefId: ids[0],
    to: "closed",
    reason: "Duplicate of brief 02",
    idempotencyKey: newIdempotencyKey(),
  });

  await page.goto(`/projects/${projectId}`);
  const briefs = page.getByRole("list", { name: "Briefs" }).getByRole("link");
  await expect(briefs).toHaveCount(20);
  // The closed one changed last, so it leads the list.
  await expect(briefs.first()).toContainText("Agent brief 01");
  await expect(briefs.first()).toContainText("Closed");
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(briefs).toHaveCount(22);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  await expect(briefs.last()).toContainText("Agent brief 02");
  // A change elsewhere shows live and keeps what Load more added: the renamed brief moves up, once.
  await callMcpTool(page.request, token, "brief_update", { briefId: ids[10], title: "Agent brief 11, renamed", idempotencyKey: newIdempotencyKey() });
  await expect(briefs.first()).toContainText("Agent brief 11, renamed");
  await expect(briefs).toHaveCount(22);
  await expect(briefs.last()).toContainText("Agent brief 02");

  await page.getByLabel("State").selectOption("closed");
  await expect(page).toHaveURL(`/projects/${projectId}?state=closed`);
  await expect(briefs).toHaveText([/Agent brief 01/]);

  await page.goto(`/projects/${projectId}`);
  await expectNoHorizontalScroll(page);
  await expect(page.getByRole("heading", { level: 1, name: "Agent-written briefs" })).toBeVisible();
});

test("signed-out visitors are sent to sign in; a project that does not exist is a readable 404", async ({ page }) => {
  await page.goto("/projects/some-project");
  await expect(page).toHaveURL(`/signin?callbackUrl=${encodeURIComponent("/projects/some-project")}`);
  await page.goto("/settings/tokens");
  await expect(page).toHaveURL(`/signin?callbackUrl=${encodeURIComponent("/settings/tokens")}`);

  await signUp(page, newPerson("Nia"));
  const response = await page.goto("/projects/no-such-project");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle("Not found · Briefs");
  await page.getByRole("link", { name: "Back to your projects" }).click();
  await expect(page).toHaveURL("/projects");
});
