import { expect, test, type Page } from "@playwright/test";
import { expectNoHorizontalScroll } from "./support/layout";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject, inviteMember } from "./support/projects";

test("an owner invites a viewer, who reads only; then changes their role and removes them", async ({ browser }) => {
  const owner = await (await browser.newContext()).newPage();
  const reader = await (await browser.newContext()).newPage();
  const olga = newPerson("Olga");
  const vic = newPerson("Vic");
  await signUp(owner, olga);
  await signUp(reader, vic);

  const projectId = await createProject(owner, "Onboarding");
  await createBrief(owner, projectId, "Welcome tour");

  // Someone without an account is invited; they join once they sign up and confirm the address.
  await owner.goto(`/projects/${projectId}`);
  const invite = owner.getByRole("form", { name: "Invite a member" });
  await invite.getByLabel("Email").fill("nobody.here@example.test");
  await invite.getByLabel("Role").selectOption("viewer");
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(invite.getByRole("status")).toHaveText(
    "nobody.here@example.test is invited as viewer. They join when they sign up and confirm this address; let them know.",
  );
  await expect(owner.getByRole("list", { name: "Invitations" }).getByRole("listitem").filter({ hasText: "nobody.here@example.test" })).toBeVisible();
  await expect(memberRow(owner, "nobody.here@example.test")).toHaveCount(0);

  await inviteMember(owner, projectId, vic.email, "viewer");
  await expect(memberRow(owner, vic.email)).toContainText("Viewer");

  // The viewer sees the project, its briefs and its members, and no control that writes.
  await reader.goto("/projects");
  await reader.getByRole("link", { name: /Onboarding/ }).click();
  await expect(reader).toHaveURL(`/projects/${projectId}`);
  await expect(reader.getByRole("heading", { level: 1, name: "Onboarding" })).toBeVisible();
  await expect(reader.getByRole("list", { name: "Briefs" }).getByRole("link", { name: /Welcome tour/ })).toBeVisible();
  await expect(memberRow(reader, olga.email)).toContainText("Owner");
  await expect(reader.getByText("Only the project’s owners can add or change members.")).toBeVisible();
  await expect(reader.getByRole("form", { name: "New brief" })).toHaveCount(0);
  await expect(reader.getByRole("form", { name: "Invite a member" })).toHaveCount(0);
  await expect(reader.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await expect(reader.getByRole("combobox", { name: /^Role for/ })).toHaveCount(0);
  await expectNoHorizontalScroll(reader);

  // The owner makes them an editor; they can now create briefs.
  await owner.getByRole("combobox", { name: `Role for ${vic.email}` }).selectOption("editor");
  await owner.getByRole("button", { name: `Save role for ${vic.email}` }).click();
  await expect(memberRow(owner, vic.email)).toContainText("Editor");
  await reader.reload();
  await expect(reader.getByRole("form", { name: "New brief" })).toBeVisible();

  // The last owner cannot step down.
  await owner.getByRole("combobox", { name: `Role for ${olga.email}` }).selectOption("viewer");
  await owner.getByRole("button", { name: `Save role for ${olga.email}` }).click();
  await expect(memberRow(owner, olga.email).getByRole("alert")).toHaveText(
    "A project needs at least one owner; make someone else an owner first.",
  );
  await expect(memberRow(owner, olga.email)).toContainText("Owner");

  // Removing asks first; cancelling keeps them.
  await owner.getByRole("button", { name: `Remove ${vic.email}` }).click();
  const dialog = owner.getByRole("dialog", { name: "Remove Vic?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(memberRow(owner, vic.email)).toBeVisible();
  await owner.getByRole("button", { name: `Remove ${vic.email}` }).click();
  await dialog.getByRole("button", { name: "Remove member" }).click();
  await expect(dialog).toBeHidden();
  await expect(memberRow(owner, vic.email)).toHaveCount(0);

  // For them the project is now simply not there.
  const response = await reader.goto(`/projects/${projectId}`);
  expect(response?.status()).toBe(404);
  await expect(reader.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await reader.goto("/projects");
  await expect(reader.getByRole("link", { name: /Onboarding/ })).toHaveCount(0);
});

function memberRow(page: Page, email: string) {
  return page.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: email });
}
