import { expect, type Page } from "@playwright/test";
import crypto from "node:crypto";
import { confirmationLinkFor } from "./mail-log";

export type Person = { name: string; email: string; password: string };

export function newPerson(name: string): Person {
  const id = crypto.randomBytes(4).toString("hex");
  return { name, email: `${name.toLowerCase().replace(/\W+/g, ".")}.${id}@example.test`, password: `pw-${id}-secret` };
}

/**
 * Signs a new person up as they would: the sign-up page, then the confirmation link from the mail
 * (the server's log), confirmed with their password. They land on their projects, signed in.
 */
export async function signUp(page: Page, person: Person): Promise<void> {
  await submitSignUp(page, person);
  await confirmAddress(page, person);
}

/** The sign-up form only: it always ends with "Check your email". */
export async function submitSignUp(page: Page, person: Person): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Create account" }).click();
  // The first sign-up after the server starts also opens and migrates the embedded database.
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible({ timeout: 45_000 });
}

/** Opens the newest confirmation link sent to the person and confirms it with their password. */
export async function confirmAddress(page: Page, person: Person): Promise<void> {
  const base = new URL(page.url()).origin;
  await page.goto(await confirmationLinkFor(base, person.email));
  await page.getByRole("form", { name: "Confirm your email address" }).getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await expect(page).toHaveURL(/\/projects\?confirmed=1$/);
}

export async function signIn(page: Page, person: Person): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/projects$/);
}
