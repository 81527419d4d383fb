import { expect, test } from "@playwright/test";
import { newPerson, signUp } from "./support/people";

// Scoped to the page's content: Next's route announcer is an alert too.
const formAlert = (page: import("@playwright/test").Page) => page.getByRole("main").getByRole("alert");

test("a refused sign-in keeps the email that was typed and asks for the password again", async ({ page }) => {
  const sam = newPerson("Sam");
  await signUp(page, sam);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);

  await page.getByLabel("Email").fill(sam.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(formAlert(page)).toHaveText("That email and password do not match an account.");
  await expect(page.getByLabel("Email")).toHaveValue(sam.email);
  // Like most sign-in forms, the wrong password is not kept: it is typed again.
  await expect(page.getByLabel("Password")).toHaveValue("");

  await page.getByLabel("Password").fill(sam.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/projects$/);
});

test("a refused sign-up keeps the name and email that were typed", async ({ page }) => {
  const ida = newPerson("Ida");
  await page.goto("/signup");
  await page.getByLabel("Name").fill(ida.name);
  await page.getByLabel("Email").fill(ida.email);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(/Use at least \d+ characters\./)).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(ida.name);
  await expect(page.getByLabel("Email")).toHaveValue(ida.email);

  // A second refusal (an invalid email) still keeps the name, and the corrected form goes through.
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill(ida.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(ida.name);
  await expect(page.getByLabel("Email")).toHaveValue("not-an-email");

  await page.getByLabel("Email").fill(ida.email);
  await page.getByLabel("Password").fill(ida.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/projects$/, { timeout: 45_000 });
});
