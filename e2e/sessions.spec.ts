import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { newPerson, signIn, signUp } from "./support/people";

/**
 * Sessions end on the server: a copy of the session cookie (as a thief would hold it) stops working
 * when the person signs out, signs out everywhere, or changes their password.
 */
async function copyOfSession(browser: Browser, from: Page, baseURL: string): Promise<BrowserContext> {
  const thief = await browser.newContext({ baseURL });
  await thief.addCookies(await from.context().cookies());
  return thief;
}

async function signedInAs(context: BrowserContext): Promise<string | null> {
  const response = await context.request.get("/api/auth/session");
  const session = (await response.json()) as { user?: { email?: string } } | null;
  return session?.user?.email ?? null;
}

/** Opens the projects page in that browser: signed in, it shows; otherwise the sign-in page does. */
async function projectsPageOpens(context: BrowserContext): Promise<boolean> {
  const page = await context.newPage();
  await page.goto("/projects");
  // The page streams: wait for a finished page (its heading), not for the first URL.
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  const opened = new URL(page.url()).pathname === "/projects";
  await page.close();
  return opened;
}

test("signing out ends the session for every copy of its cookie", async ({ page, browser, baseURL }) => {
  const pat = newPerson("Pat");
  await signUp(page, pat);
  const thief = await copyOfSession(browser, page, baseURL!);
  expect(await signedInAs(thief)).toBe(pat.email);
  expect(await projectsPageOpens(thief)).toBe(true);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);

  expect(await signedInAs(thief)).toBeNull();
  expect(await projectsPageOpens(thief)).toBe(false);
  await thief.close();
});

test("sign out everywhere on the account page ends every session, this one too", async ({ page, browser, baseURL }) => {
  const sam = newPerson("Sam");
  await signUp(page, sam);
  const elsewhere = await browser.newContext({ baseURL });
  const other = await elsewhere.newPage();
  await signIn(other, sam);
  const thief = await copyOfSession(browser, page, baseURL!);
  expect(await signedInAs(elsewhere)).toBe(sam.email);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveTitle("Account · Briefs");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/signin/);

  expect(await signedInAs(elsewhere)).toBeNull();
  expect(await signedInAs(thief)).toBeNull();
  await page.goto("/projects");
  await expect(page).toHaveURL(/\/signin/);
  await elsewhere.close();
  await thief.close();
});

test("a password change signs out every other session and keeps this one", async ({ page, browser, baseURL }) => {
  const kim = newPerson("Kim");
  await signUp(page, kim);
  const elsewhere = await browser.newContext({ baseURL });
  await signIn(await elsewhere.newPage(), kim);
  const copyOfElsewhere = await browser.newContext({ baseURL });
  await copyOfElsewhere.addCookies(await elsewhere.cookies());

  await page.goto("/settings/account");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("not the password");
  await form.getByLabel("New password").fill("a brand new password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("That is not your current password.")).toBeVisible();
  expect(await signedInAs(elsewhere)).toBe(kim.email);

  await form.getByLabel("Current password").fill(kim.password);
  await form.getByLabel("New password").fill("a brand new password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toContainText("Password changed. 1 other session was signed out.");

  expect(await signedInAs(elsewhere)).toBeNull();
  expect(await signedInAs(copyOfElsewhere)).toBeNull();
  expect(await signedInAs(page.context())).toBe(kim.email);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await signIn(page, { ...kim, password: "a brand new password" });
  await elsewhere.close();
  await copyOfElsewhere.close();
});
