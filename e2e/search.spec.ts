import { expect, test, type Page } from "@playwright/test";
import { expectNoHorizontalScroll } from "./support/layout";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { createApiToken } from "./support/tokens";

/** The header's search box (exactly this name: the project page has "Search titles" and the like). */
function searchBox(page: Page) {
  return page.getByRole("searchbox", { name: "Search briefs", exact: true });
}

function results(page: Page) {
  return page.getByRole("list", { name: "Search results" }).getByRole("listitem");
}

async function seed(page: Page, token: string, project: string, briefs: Array<{ title: string; content: Record<string, unknown> }>) {
  const created = (await callMcpTool(page.request, token, "project_create", { name: project, idempotencyKey: newIdempotencyKey() })) as { project: { id: string } };
  const ids: string[] = [];
  for (const brief of briefs) {
    const answer = (await callMcpTool(page.request, token, "brief_create", { projectId: created.project.id, ...brief, idempotencyKey: newIdempotencyKey() })) as { brief: { id: string } };
    ids.push(answer.brief.id);
  }
  return { projectId: created.project.id, ids };
}

test("a person searches every project they are in from the header, never another's, and opens a result", async ({ page, browser, baseURL }) => {
  page.on("dialog", (dialog) => {
    throw new Error(`Unexpected dialog: ${dialog.message()}`);
  });

  // Someone else's project has the word too, and one of its own.
  const other = await (await browser.newContext({ baseURL })).newPage();
  await signUp(other, newPerson("Olga"));
  const theirToken = await createApiToken(other, "Seeder", ["brief:read", "brief:write"]);
  await seed(other, theirToken, "Olga's secrets", [{ title: "Secret refund plan", content: { goal: "Refund through the quetzal gateway" } }]);

  await signUp(page, newPerson("Sam"));
  const token = await createApiToken(page, "Seeder", ["brief:read", "brief:write"]);
  const payments = await seed(page, token, "Payments", [
    { title: "Refund flow", content: { requirements: ["Pay the refund to the original card within 5 days", "Email a receipt"] } },
    { title: "Unsafe text", content: { goal: 'Marmot 5 < 6 & "quotes" <i>not italic</i> <img src=x onerror=alert(1)>' } },
  ]);
  const support = await seed(page, token, "Support", [
    { title: "Chargeback handling", content: { acceptanceCriteria: [{ id: "AC-1", text: "A disputed payment shows its refund status" }] } },
  ]);

  // "/" on any page puts the cursor in the search box.
  await page.goto("/projects");
  await expect(searchBox(page)).not.toBeFocused();
  // The shortcut needs the page's script; the box announces it once it works.
  await expect(searchBox(page)).toHaveAttribute("aria-keyshortcuts", "/ Control+K Meta+K");
  await page.keyboard.press("/");
  await expect(searchBox(page)).toBeFocused();
  await expect(searchBox(page)).toHaveValue("");
  await page.keyboard.type("refunds");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/search?q=refunds");
  await expect(page).toHaveTitle("“refunds” · Search · Briefs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “refunds”");
  await expect(searchBox(page)).toHaveValue("refunds");

  // Both of Sam's briefs, the title match first; Olga's never.
  await expect(results(page)).toHaveCount(2);
  await expect(results(page).first()).toContainText("Refund flow");
  await expect(results(page).first()).toContainText("Payments");
  await expect(results(page).first()).toContainText("Drafting");
  await expect(results(page).nth(1)).toContainText("Chargeback handling");
  await expect(results(page).nth(1)).toContainText("Support");
  await expect(page.getByText("Secret refund plan")).toHaveCount(0);
  const snippet = results(page).first().getByTestId("search-snippet");
  await expect(snippet).toContainText("Requirements:");
  await expect(snippet).toContainText("Pay the refund to the original card within 5 days · Email a receipt");
  await expect(snippet.locator("mark")).toHaveText(["refund"]);
  await expect(results(page).nth(1).getByTestId("search-snippet").locator("mark")).toHaveText(["refund"]);
  await page.screenshot({ path: test.info().outputPath("search-results.png") });

  // Olga's own word finds nothing for Sam.
  await searchBox(page).fill("quetzal");
  await searchBox(page).press("Enter");
  await expect(page).toHaveURL("/search?q=quetzal");
  await expect(page.getByText("No brief matches")).toBeVisible();
  await expect(results(page)).toHaveCount(0);

  // Text that looks like markup is shown as text.
  await searchBox(page).fill("marmot");
  await searchBox(page).press("Enter");
  const unsafe = results(page).first().getByTestId("search-snippet");
  await expect(unsafe).toContainText('Marmot 5 < 6 & "quotes"');
  await expect(unsafe.locator("mark")).toHaveText(["Marmot"]);
  await expect(unsafe.locator("i, img, b")).toHaveCount(0);

  // Ctrl-K from another page, but never while typing into a field there.
  await page.goto(`/projects/${payments.projectId}`);
  const titleFilter = page.getByLabel("Search titles");
  await titleFilter.click();
  await page.keyboard.type("a/b");
  await page.keyboard.press("Control+k");
  await expect(titleFilter).toBeFocused();
  await expect(titleFilter).toHaveValue("a/b");
  await titleFilter.blur();
  await page.keyboard.press("Control+k");
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type("disputed payment");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/search?q=disputed+payment");
  await expect(results(page)).toHaveCount(1);

  // A result opens the brief, at the section the snippet comes from.
  await results(page).first().getByRole("link").click();
  await expect(page).toHaveURL(`/projects/${support.projectId}/briefs/${support.ids[0]}#doc-acceptanceCriteria`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chargeback handling");
  await expect(page.locator("#doc-acceptanceCriteria")).toBeInViewport();
});

test("results page with Load more, an empty box explains itself, and everything fits a phone", async ({ page }) => {
  await signUp(page, newPerson("Lena"));
  const token = await createApiToken(page, "Seeder", ["brief:read", "brief:write"]);
  const briefs = Array.from({ length: 23 }, (_, i) => ({
    title: `Ledger ${String(i + 1).padStart(2, "0")}`,
    content: { goal: `${"ledger ".repeat(1 + (i % 3))}entries reconcile with a very long unbroken word Supercalifragilisticexpialidocious${"x".repeat(40)}` },
  }));
  await seed(page, token, "Accounting", briefs);

  await page.goto("/search");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search briefs");
  await expect(page.getByText("Search every brief you can read")).toBeVisible();

  await page.goto("/search?q=ledg");
  await expect(results(page)).toHaveCount(20);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(results(page)).toHaveCount(23);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  await expect(page.getByText("That is every brief that matches.")).toBeVisible();
  const titles = await results(page).getByRole("link").evaluateAll((links) => links.map((l) => l.querySelector("span")?.textContent));
  expect(new Set(titles).size).toBe(23);

  await expectNoHorizontalScroll(page);
  await expect(searchBox(page)).toBeVisible();
  await expect(results(page).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("search-390.png"), fullPage: true });

  // A query longer than the bound (the URL is editable) is explained, not an error page.
  await page.goto(`/search?q=${"y".repeat(201)}`);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("at most 200 characters");
});
