import { expect, test } from "@playwright/test";
import { addChecklistRows, editorUrl, qaCheckbox, save } from "./support/editor";
import { holdLiveStamp } from "./support/held-requests";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject } from "./support/projects";

// A test that fails while requests are held back leaves their route handlers waiting.
test.afterEach(({ page }) => page.unrouteAll({ behavior: "ignoreErrors" }));

test("a brief moves through review, approval, baseline, development and checked; a requirement edit stales the approval; closing asks for a reason", async ({ page }) => {
  const pm = newPerson("Pia");
  await signUp(page, pm);
  const projectId = await createProject(page, "Lifecycle");
  await createBrief(page, projectId, "Saved carts");
  const lifecycle = page.getByTestId("lifecycle");

  // Guards are shown, not hidden: the button is disabled and says why.
  await expect(lifecycle.getByRole("button", { name: "Submit for review" })).toBeDisabled();
  await expect(lifecycle).toContainText("A brief needs at least one requirement before review.");

  await page.getByRole("button", { name: "+ Add requirement" }).click();
  await page.getByLabel("Requirement 1", { exact: true }).fill("Carts survive a sign-out.");
  await page.getByRole("button", { name: "+ Add criterion" }).click();
  await page.getByLabel("Criterion 1 text").fill("A cart is still there after signing in again.");
  await addChecklistRows(page, ["Sign out and in with items in the cart"]);
  await save(page, 2);

  await lifecycle.getByRole("button", { name: "Submit for review" }).click();
  await expect(lifecycle.getByText("In review", { exact: true })).toBeVisible();
  await expect(lifecycle.getByRole("button", { name: "Baseline" })).toBeDisabled();
  await expect(lifecycle).toContainText("A brief needs at least one live approval of its current requirements to be baselined.");
  await lifecycle.getByRole("button", { name: "Approve version 2" }).click();
  await expect(lifecycle).toContainText("You approved version 2.");
  await expect(lifecycle.getByTestId("approvals-summary")).toContainText(`${pm.name} approved version 2`);

  await lifecycle.getByRole("button", { name: "Baseline" }).click();
  await expect(lifecycle.getByText("Baselined", { exact: true })).toBeVisible();
  await lifecycle.getByRole("button", { name: "Start development" }).click();
  await expect(lifecycle.getByText("In development", { exact: true })).toBeVisible();
  await expect(lifecycle.getByRole("button", { name: "Mark as checked" })).toBeDisabled();
  await expect(lifecycle).toContainText("Every QA checklist row must be checked first.");
  // The tick that completes the checklist refreshes the page itself, without waiting for the live stamp.
  const stamp = await holdLiveStamp(page);
  await qaCheckbox(page, "Sign out and in with items in the cart").click();
  await expect(lifecycle.getByRole("button", { name: "Mark as checked" })).toBeEnabled();
  stamp.release();
  await lifecycle.getByRole("button", { name: "Mark as checked" }).click();
  await expect(lifecycle.getByText("Checked", { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("lifecycle-checked.png"), fullPage: true });

  // Changing a requirement sends the brief back to review and stales the approval.
  await page.getByLabel("Requirement 1", { exact: true }).fill("Carts survive a sign-out and a new device.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved as version 4. 1 approval(s) are now stale.");
  await expect(lifecycle.getByText("In review", { exact: true })).toBeVisible();
  await expect(lifecycle.getByTestId("approvals-summary")).toContainText("stale since version 4");
  await expect(lifecycle.getByRole("button", { name: "Approve version 4" })).toBeVisible();

  // Closing needs a reason; afterwards the brief is read-only.
  await lifecycle.getByRole("button", { name: "Close…" }).click();
  await lifecycle.getByRole("button", { name: "Close brief" }).click();
  await expect(lifecycle).toContainText("A reason is required to close a brief.");
  await lifecycle.getByLabel("Why is this brief closed?").fill("Merged into the checkout brief.");
  await lifecycle.getByRole("button", { name: "Close brief" }).click();
  await expect(lifecycle.getByText("Closed", { exact: true })).toBeVisible();
  await expect(lifecycle).toContainText("Reason: Merged into the checkout brief.");
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
});

test("superseding offers the project's other briefs as the successor", async ({ page }) => {
  await signUp(page, newPerson("Sol"));
  const projectId = await createProject(page, "Successors");
  const replacement = await createBrief(page, projectId, "Wishlist v2");
  const old = await createBrief(page, projectId, "Wishlist v1");
  await page.goto(editorUrl(projectId, old));
  const lifecycle = page.getByTestId("lifecycle");
  await lifecycle.getByRole("button", { name: "Supersede…" }).click();
  await expect(lifecycle.getByRole("radio", { name: "No successor" })).toBeChecked();
  await lifecycle.getByLabel("Search briefs by title").fill("v2");
  await lifecycle.getByRole("radio", { name: "Wishlist v2" }).check();
  await expect(lifecycle.getByRole("radio", { name: "Wishlist v1" })).toHaveCount(0);
  await lifecycle.getByRole("button", { name: "Supersede", exact: true }).click();
  await expect(lifecycle.getByText("Superseded", { exact: true })).toBeVisible();
  await lifecycle.getByRole("link", { name: "its successor" }).click();
  await expect(page).toHaveURL(editorUrl(projectId, replacement));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wishlist v2");
});
