import { expect, test, type Page } from "@playwright/test";
import { confirmationLinkFor, mailsTo } from "./support/mail-log";
import { confirmAddress, newPerson, signIn, signUp, submitSignUp } from "./support/people";
import { createProject } from "./support/projects";

test("an owner invites an address nobody has; it becomes a membership only when that person confirms it", async ({ browser, baseURL }) => {
  const owner = await (await browser.newContext()).newPage();
  const invitee = await (await browser.newContext()).newPage();
  const olga = newPerson("Olga");
  const ines = newPerson("Ines");
  await signUp(owner, olga);
  const projectId = await createProject(owner, "Launch plan");

  const invite = owner.getByRole("form", { name: "Invite a member" });
  await invite.getByLabel("Email").fill(ines.email);
  await invite.getByLabel("Role").selectOption("editor");
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(invite.getByRole("status")).toContainText(`${ines.email} is invited as editor.`);
  await expect(invitationRow(owner, ines.email)).toContainText("Invited");
  await expect(invitationRow(owner, ines.email)).toContainText("Editor");

  // Ines signs up; until she confirms, she can sign in but the project is not hers.
  await submitSignUp(invitee, ines);
  await signIn(invitee, ines);
  await expect(invitee.getByRole("region", { name: "Confirm your email address" })).toContainText(ines.email);
  await expect(invitee.getByText("You are not a member of any project yet.")).toBeVisible();

  // The link from her mail (the server's log). Opening it confirms nothing by itself. In the browser
  // signed in as her, the form needs no password; she opens it on another device, where it does.
  const link = await confirmationLinkFor(baseURL!, ines.email);
  await invitee.goto(link);
  const signedInForm = invitee.getByRole("form", { name: "Confirm your email address" });
  await expect(signedInForm.getByRole("button", { name: "Confirm my address" })).toBeVisible();
  await expect(signedInForm.getByLabel("Password")).toHaveCount(0);

  const phone = await (await browser.newContext()).newPage();
  await phone.goto(link);
  const form = phone.getByRole("form", { name: "Confirm your email address" });
  await form.getByLabel("Password").fill("not her password");
  await form.getByRole("button", { name: "Confirm my address" }).click();
  await expect(form.getByText("That is not the password chosen when signing up.")).toBeVisible();
  await form.getByLabel("Password").fill(ines.password);
  await form.getByRole("button", { name: "Confirm my address" }).click();
  await expect(phone).toHaveURL(/\/projects\?confirmed=1$/);
  await expect(phone.getByRole("status").filter({ hasText: "Your email address is confirmed." })).toBeVisible();
  await expect(phone.getByRole("region", { name: "Confirm your email address" })).toHaveCount(0);
  await phone.getByRole("link", { name: /Launch plan/ }).click();
  await expect(phone.getByRole("form", { name: "New brief" })).toBeVisible();

  // The link works once; the first browser now sees the project too.
  await invitee.reload();
  await expect(invitee.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await invitee.goto("/projects");
  await expect(invitee.getByRole("link", { name: /Launch plan/ })).toBeVisible();
  await expect(invitee.getByRole("region", { name: "Confirm your email address" })).toHaveCount(0);

  // The owner sees her as a member now, and no invitation.
  await owner.goto(`/projects/${projectId}`);
  // Her role as the owner may change it (the row's text alone would hold every role: they are the select's options).
  await expect(owner.getByRole("combobox", { name: `Role for ${ines.email}` })).toHaveValue("editor");
  await expect(owner.getByRole("list", { name: "Invitations" })).toHaveCount(0);
});

test("an owner withdraws a pending invitation; whoever signs up with the address later does not join", async ({ page, browser }) => {
  const owner = newPerson("Omar");
  const late = newPerson("Lea");
  await signUp(page, owner);
  const projectId = await createProject(page, "Roadmap");

  const invite = page.getByRole("form", { name: "Invite a member" });
  await invite.getByLabel("Email").fill(late.email);
  await invite.getByLabel("Role").selectOption("viewer");
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(invitationRow(page, late.email)).toBeVisible();

  await page.getByRole("button", { name: `Withdraw the invitation of ${late.email}` }).click();
  const dialog = page.getByRole("dialog", { name: `Withdraw the invitation of ${late.email}?` });
  await dialog.getByRole("button", { name: "Withdraw invitation" }).click();
  await expect(dialog).toBeHidden();
  await expect(invitationRow(page, late.email)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("list", { name: "Invitations" })).toHaveCount(0);

  const other = await (await browser.newContext()).newPage();
  await signUp(other, late);
  await expect(other.getByText("You are not a member of any project yet.")).toBeVisible();
  expect((await other.goto(`/projects/${projectId}`))?.status()).toBe(404);
});

test("signing up with an address that has an account looks exactly like a new sign-up", async ({ page, baseURL }) => {
  const owner = newPerson("Ada");
  await signUp(page, owner);
  await page.getByRole("button", { name: "Sign out" }).click();

  const intruder = { ...owner, name: "Intruder", password: "intruder-password" };
  await submitSignUp(page, intruder);
  const taken = await page.getByRole("region", { name: "Check your email" }).innerText();
  const fresh = newPerson("Fresh");
  await submitSignUp(page, fresh);
  const answer = await page.getByRole("region", { name: "Check your email" }).innerText();
  expect(answer.replace(fresh.email, "ADDRESS")).toBe(taken.replace(owner.email, "ADDRESS"));
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByRole("status")).toHaveText("If this address is waiting for confirmation, a new link is on its way.");
  await mailsTo(baseURL!, fresh.email, 2);

  // Only the owner's mailbox learns of it, and nothing changed.
  const mails = await mailsTo(baseURL!, owner.email, 2);
  expect(mails.at(-1)?.subject).toBe("Someone tried to sign up for Briefs with your address");
  await signIn(page, owner);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(intruder.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("That email and password do not match an account.");

  // The fresh sign-up, whose link was sent twice, confirms with the newest one.
  await confirmAddress(page, fresh);
});

function invitationRow(page: Page, email: string) {
  return page.getByRole("list", { name: "Invitations" }).getByRole("listitem").filter({ hasText: email });
}
