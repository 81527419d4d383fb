import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "./support/layout";
import { postMcp, readMcpMessage } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { createApiToken } from "./support/tokens";

test("a token is shown once with its client config, works at /api/mcp, and stops working when revoked", async ({ page, baseURL }) => {
  await signUp(page, newPerson("Tom"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API tokens" }).click();
  await expect(page).toHaveURL("/settings/tokens");
  await expect(page).toHaveTitle("API tokens · Briefs");
  await expect(page.getByRole("link", { name: "API tokens" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No API tokens yet")).toBeVisible();

  const token = await createApiToken(page, "Claude Code", ["brief:read", "brief:write"]);
  expect(token).toMatch(/^brf_[A-Za-z0-9_-]{43,}$/);
  await expect(page.getByRole("heading", { name: "Token “Claude Code” created" })).toBeVisible();
  await expect(page.getByText("It is shown only this once")).toBeVisible();
  const config = JSON.parse((await page.getByTestId("mcp-config").textContent()) ?? "");
  expect(config).toEqual({
    mcpServers: { briefs: { type: "http", url: `${baseURL}/api/mcp`, headers: { Authorization: `Bearer ${token}` } } },
  });
  await expect(page.getByRole("button", { name: "Copy token" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy configuration" })).toBeVisible();

  const row = page.getByRole("list", { name: "API tokens" }).getByRole("listitem").filter({ hasText: "Claude Code" });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("brief:read");
  await expect(row).toContainText("brief:write");
  await expect(row).toContainText("Never");

  // The token acts at the MCP endpoint.
  const listed = await postMcp(page.request, token, "tools/list");
  expect(listed.status()).not.toBe(401);
  expect(listed.status()).toBe(200);
  const tools = ((await readMcpMessage(listed)).result?.tools ?? []) as Array<{ name: string }>;
  expect(tools.map((t) => t.name)).toContain("brief_list");

  // Shown once: after a reload the secret is nowhere on the page, and the list shows it was used.
  await page.reload();
  await expect(page.getByLabel("Your new token")).toHaveCount(0);
  expect(await page.content()).not.toContain(token);
  await expect(row.getByText(/just now|minute/)).toHaveCount(2);

  // Revoking asks first.
  await row.getByRole("button", { name: "Revoke Claude Code" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke “Claude Code”?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: "Revoke Claude Code" }).click();
  await dialog.getByRole("button", { name: "Revoke token" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);

  const refused = await postMcp(page.request, token, "tools/list");
  expect(refused.status()).toBe(401);
  expect(refused.headers()["www-authenticate"]).toContain("resource_metadata=");

  await expectNoHorizontalScroll(page);
});

test("a read-only token lists only read tools; bad input gets readable messages", async ({ page }) => {
  await signUp(page, newPerson("Rae"));
  const token = await createApiToken(page, "Reader", ["brief:read"]);
  const listed = await postMcp(page.request, token, "tools/list");
  expect(listed.status()).toBe(200);
  const names = (((await readMcpMessage(listed)).result?.tools ?? []) as Array<{ name: string }>).map((t) => t.name);
  expect(names).toContain("brief_list");
  expect(names).not.toContain("brief_create");
  // The widest moment of the page: the secret and the config snippet, at a phone's width.
  await expectNoHorizontalScroll(page);
  await page.getByRole("button", { name: "I have copied it" }).click();
  await expect(page.getByLabel("Your new token")).toHaveCount(0);

  const form = page.getByRole("form", { name: "New API token" });
  await form.getByLabel("Token name").fill("No scopes");
  await form.getByRole("checkbox", { name: "brief:read", exact: true }).uncheck();
  await form.getByRole("checkbox", { name: "brief:propose", exact: true }).uncheck();
  await form.getByRole("checkbox", { name: "brief:write", exact: true }).uncheck();
  await expect(form.getByText(/Suggest changes for a person to accept/)).toBeVisible();
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(form.getByText("Choose at least one scope.")).toBeVisible();

  await form.getByRole("checkbox", { name: "brief:read", exact: true }).check();
  await form.getByLabel("Expires on (optional)").fill("2020-01-01");
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(form.getByText(/must be in the future/i)).toBeVisible();
  await expect(form.getByLabel("Token name")).toHaveValue("No scopes");
  await expect(page.getByRole("list", { name: "API tokens" }).getByRole("listitem")).toHaveCount(1);
});
