import { expect, test } from "@playwright/test";
import { newPerson, signUp } from "./support/people";
import { strictLimits, strictLimitsURL } from "./support/servers";

// Against the server with small limits (playwright.config.ts).
test.use({ baseURL: strictLimitsURL });

test("after too many wrong passwords the sign-in page says when to try again, and even the right one waits", async ({ page }) => {
  const kim = newPerson("Kim");
  await signUp(page, kim);
  await page.getByRole("button", { name: "Sign out" }).click();

  const tryPassword = async (password: string) => {
    await page.getByLabel("Email").fill(kim.email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
  };
  const alert = page.getByRole("main").getByRole("alert");
  for (let i = 0; i < strictLimits.signInFailuresPerAccount; i++) {
    await tryPassword(`wrong-${i}`);
    await expect(alert).toHaveText("That email and password do not match an account.");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  }
  await tryPassword("wrong-again");
  await expect(alert).toHaveText("Too many sign-in attempts. Try again in 15 minutes.");

  await tryPassword(kim.password);
  await expect(alert).toHaveText("Too many sign-in attempts. Try again in 15 minutes.");
  await expect(page).toHaveURL(/\/signin/);
});

test("sign-ups from one address are limited, with a message saying when to try again", async ({ page }) => {
  // One more than the limit, whatever other tests have used of it already: the last is refused.
  const alert = page.getByRole("main").getByRole("alert");
  for (let i = 0; i <= strictLimits.signUpsPerAddress; i++) {
    const person = newPerson(`Joiner ${i}`);
    await page.goto("/signup");
    await page.getByLabel("Name").fill(person.name);
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" }).or(alert)).toBeVisible({ timeout: 45_000 });
  }
  await expect(alert).toHaveText(/^Too many sign-ups from your network\. Try again in \d+ minutes\.$/);
  await expect(page).toHaveURL(/\/signup/);
});
