import { expect, type Page } from "@playwright/test";

type MemberRole = "owner" | "editor" | "reviewer" | "viewer";

/** Creates a project through the projects page; the app opens it, and its id is read from the URL. */
export async function createProject(page: Page, name: string): Promise<string> {
  await page.goto("/projects");
  await page.getByLabel("Project name").fill(name);
  await page.getByRole("button", { name: "Create project" }).click();
  await page.waitForURL(/\/projects\/[^/?#]+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return idAfter(page.url(), "/projects/");
}

/** Creates a brief through the project page; the app opens it in edit mode (`?mode=edit`), and its id is read from the URL. */
export async function createBrief(page: Page, projectId: string, title: string): Promise<string> {
  await page.goto(`/projects/${projectId}`);
  const form = page.getByRole("form", { name: "New brief" });
  await form.getByLabel("Brief title").fill(title);
  await form.getByRole("button", { name: "Create brief" }).click();
  await page.waitForURL(new RegExp(`/projects/${projectId}/briefs/[^/?#]+\\?mode=edit$`));
  return idAfter(page.url(), `/projects/${projectId}/briefs/`);
}

/** An owner adds someone who already has an account, with a role; waits until they are listed. */
export async function inviteMember(page: Page, projectId: string, email: string, role: MemberRole): Promise<void> {
  await page.goto(`/projects/${projectId}`);
  const form = page.getByRole("form", { name: "Invite a member" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption(role);
  await form.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: email })).toBeVisible();
}

function idAfter(url: string, prefix: string): string {
  const path = new URL(url).pathname;
  const id = path.slice(path.indexOf(prefix) + prefix.length).split("/")[0];
  if (!id) throw new Error(`No id after ${prefix} in ${url}`);
  return decodeURIComponent(id);
}
