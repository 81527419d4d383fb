import { expect, type Page } from "@playwright/test";

/**
 * Creates an API token on Settings → API tokens and returns its secret, read from the box
 * that shows it once. `scopes` are the scope names, e.g. ["brief:read", "brief:write"] (brief:write includes brief:propose).
 */
export async function createApiToken(page: Page, name: string, scopes: string[]): Promise<string> {
  await page.goto("/settings/tokens");
  const form = page.getByRole("form", { name: "New API token" });
  await form.getByLabel("Token name").fill(name);
  for (const scope of ["brief:read", "brief:propose", "brief:write"]) {
    await form.getByRole("checkbox", { name: scope, exact: true }).setChecked(scopes.includes(scope));
  }
  await form.getByRole("button", { name: "Create token" }).click();
  const secret = page.getByLabel("Your new token");
  await expect(secret).toHaveValue(/^brf_/);
  return secret.inputValue();
}
