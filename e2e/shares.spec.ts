import { expect, test } from "@playwright/test";
import { addChecklistRows, save } from "./support/editor";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject } from "./support/projects";

test("a share link opens signed out and shows the brief and nothing else; once revoked it is gone", async ({ page, browser }) => {
  const owner = newPerson("Sharon");
  await signUp(page, owner);
  const projectId = await createProject(page, "Outside view");
  const briefId = await createBrief(page, projectId, "Shared plans");
  await page.getByLabel("Goal", { exact: true }).fill("Let partners see the plan.");
  await addChecklistRows(page, ["Partner can read it"]);
  await save(page, 2);

  await page.goto(`/projects/${projectId}/briefs/${briefId}`);
  await page.getByRole("link", { name: "Share", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Share “Shared plans”" })).toBeVisible();
  await page.getByRole("button", { name: "Make link" }).click();
  const url = await page.getByRole("textbox", { name: "Share link" }).inputValue();
  expect(url).toMatch(/\/s\/brs_[A-Za-z0-9_-]{43}$/);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("listitem", { name: /^The current brief, made by / })).toContainText("Last opened: never");

  // Someone with no account and no cookies.
  const outsider = await browser.newContext();
  const visitor = await outsider.newPage();
  const response = await visitor.goto(url);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(visitor.getByRole("heading", { level: 1, name: "Shared plans" })).toBeVisible();
  await expect(visitor.getByTestId("brief-document")).toContainText("Let partners see the plan.");
  await expect(visitor.getByTestId("brief-document")).toContainText("Partner can read it");
  // Nothing else of the project: no header, no links into it, no names, no comments or history.
  await expect(visitor.getByRole("link")).toHaveCount(0);
  await expect(visitor.locator("body")).not.toContainText(owner.email);
  await expect(visitor.locator("body")).not.toContainText(owner.name);
  await expect(visitor.locator("body")).not.toContainText("Outside view");
  await expect(visitor.getByRole("heading", { name: /Comments|History|Members/ })).toHaveCount(0);

  // The owner sees that it was opened, and revokes it: the next request is refused.
  await page.reload();
  const listed = page.getByRole("listitem", { name: /^The current brief, made by / });
  await expect(listed).not.toContainText("Last opened: never");
  await listed.getByRole("button", { name: /^Revoke the link/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke link" }).click();
  await expect(listed).toContainText("revoked");
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
  await expect(visitor.locator("body")).not.toContainText("Let partners see the plan.");
  await outsider.close();
});
