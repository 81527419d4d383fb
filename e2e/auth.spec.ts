import { expect, test } from "@playwright/test";
import { newPerson, signIn, signUp } from "./support/people";

test("a new person signs up, creates a project, signs out and back in", async ({ page }) => {
  const pat = newPerson("Pat");
  await signUp(page, pat);
  await expect(page.getByText("You are not a member of any project yet.")).toBeVisible();

  await page.getByLabel("Project name").fill("Mobile app");
  await page.getByRole("button", { name: "Create project" }).click();
  // A new project opens straight away.
  await expect(page.getByRole("heading", { level: 1, name: "Mobile app" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto("/projects");
  await expect(page).toHaveURL(/\/signin/);

  await signIn(page, pat);
  await expect(page.getByRole("link", { name: /Mobile app/ })).toBeVisible();
});

test("a wrong password is refused with a readable message", async ({ page }) => {
  const sam = newPerson("Sam");
  await signUp(page, sam);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByLabel("Email").fill(sam.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  // Scoped to the page's content: Next's route announcer is an alert too.
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("That email and password do not match an account.");
  await expect(page).toHaveURL(/\/signin/);
});
