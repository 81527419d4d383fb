import { expect, type Page } from "@playwright/test";
import crypto from "node:crypto";

export type Person = { name: string; email: string; password: string };

export function newPerson(name: string): Person {
  const id = crypto.randomBytes(4).toString("hex");
  return { name, email: `${name.toLowerCase().replace(/\W+/g, ".")}.${id}@example.test`, password: `pw-${id}-secret` };
}

/** Signs a new person up through the sign-up page; they land on their projects. */
export async function signUp(page: Page, person: Person): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Create account" }).click();
  // The first sign-up after the server starts also opens and migrates the embedded database.
  await expect(page).toHaveURL(/\/projects$/, { timeout: 45_000 });
}

export async function signIn(page: Page, person: Person): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/projects$/);
}
