import { expect, test } from "@playwright/test";
import { briefDocument, editorUrl } from "./support/editor";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject } from "./support/projects";
import { createApiToken } from "./support/tokens";

const content = {
  goal: "Let returning shoppers pay with a saved card in one step.",
  requirements: ["A signed-in shopper can pick one of their saved cards at checkout."],
  acceptanceCriteria: [{ id: "AC-1", text: "Paying with a saved card needs no card number." }],
  testingQaChecklist: [
    { text: "Pay with an expired saved card", checked: true },
    { text: "Pay with a card saved on another device", checked: false },
  ],
};

test("an editor saves a brief as a template, starts a new brief from it, and duplicates a brief", async ({ page }) => {
  await signUp(page, newPerson("Tess"));
  const projectId = await createProject(page, "Checkout");
  const token = await createApiToken(page, "Writer", ["brief:read", "brief:write"]);
  const briefId = await createBrief(page, projectId, "Saved cards");
  await callMcpTool(page.request, token, "brief_update", { briefId, content, idempotencyKey: newIdempotencyKey() });

  // Save as template: a name, then the template is listed with the project's built-ins.
  await page.goto(editorUrl(projectId, briefId));
  await page.getByRole("button", { name: "Save as template" }).click();
  const dialog = page.getByRole("form", { name: "Save as template" });
  await expect(dialog.getByLabel("Template name")).toHaveValue("Saved cards");
  await dialog.getByLabel("Template name").fill("Card payment");
  await dialog.getByLabel("Description (optional)").fill("For any new way to pay.");
  await dialog.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved as template “Card payment”." })).toBeVisible();

  // A second template of the same name, in another case, is refused next to the name.
  await page.getByRole("button", { name: "Save as template" }).click();
  await dialog.getByLabel("Template name").fill("card PAYMENT");
  await dialog.getByRole("button", { name: "Save template" }).click();
  await expect(dialog.getByText("This project already has a template named “Card payment”. Choose another name.")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // New brief: blank by default, the built-ins and the saved template offered.
  await page.goto(`/projects/${projectId}`);
  const form = page.getByRole("form", { name: "New brief" });
  const startFrom = form.getByLabel("Start from");
  await expect(startFrom).toHaveValue("");
  await expect(startFrom.locator("option")).toHaveText(["Blank brief", "Product requirements", "Bug fix", "Technical design", "Experiment", "Card payment"]);
  await form.getByLabel("Brief title").fill("Pay by bank transfer");
  await startFrom.selectOption({ label: "Card payment" });
  await form.getByRole("button", { name: "Create brief" }).click();
  await page.waitForURL(new RegExp(`/projects/${projectId}/briefs/[^/?#]+\\?mode=edit$`));
  const fromTemplate = new URL(page.url()).pathname.split("/").at(-1)!;
  await page.goto(editorUrl(projectId, fromTemplate));
  await expect(briefDocument(page)).toContainText(content.goal);
  await expect(briefDocument(page)).toContainText("Paying with a saved card needs no card number.");
  // The template's rows come unticked, whatever the brief had ticked.
  await expect(page.getByRole("checkbox", { name: "Pay with an expired saved card" })).not.toBeChecked();

  // Duplicate: a version-1 copy with the same content, opened in the editor.
  await page.goto(editorUrl(projectId, briefId));
  await page.getByRole("button", { name: "Duplicate" }).click();
  await page.waitForURL(new RegExp(`/projects/${projectId}/briefs/[^/?#]+\\?mode=edit$`));
  const copyId = new URL(page.url()).pathname.split("/").at(-1)!;
  expect(copyId).not.toBe(briefId);
  await page.goto(editorUrl(projectId, copyId));
  await expect(page.getByRole("heading", { level: 1, name: "Saved cards (copy)" })).toBeVisible();
  await expect(page.getByTestId("brief-version")).toContainText("Version 1");
  await expect(briefDocument(page)).toContainText(content.requirements[0]);
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByRole("list", { name: "Briefs" }).getByRole("link")).toHaveCount(3);

  // The templates page: edit with clear errors, then delete after confirming.
  await page.getByRole("link", { name: "Manage templates" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Templates" })).toBeVisible();
  const card = page.getByTestId("template-card").filter({ has: page.getByRole("heading", { name: "Card payment" }) });
  await expect(card).toContainText("For any new way to pay.");
  await card.getByText("Edit “Card payment”").click();
  const edit = card.getByRole("form", { name: "Edit template Card payment" });
  await edit.getByLabel("Content (JSON)").fill('{"goal": "unfinished"');
  await edit.getByRole("button", { name: "Save template" }).click();
  await expect(edit.getByText(/Not valid JSON/)).toBeVisible();
  await edit.getByLabel("Content (JSON)").fill('{"goal": "Pay in one step.", "requirements": "one"}');
  await edit.getByRole("button", { name: "Save template" }).click();
  await expect(edit.getByRole("list", { name: "Problems in the content" })).toContainText("content.requirements");
  await edit.getByLabel("Content (JSON)").fill('{"goal": "Pay in one step.", "requirements": ["Any saved card"]}');
  await edit.getByLabel("Name").fill("One-step payment");
  await edit.getByRole("button", { name: "Save template" }).click();
  const renamed = page.getByTestId("template-card").filter({ has: page.getByRole("heading", { name: "One-step payment" }) });
  await expect(renamed).toContainText("Fills: Goal, Requirements.");

  await renamed.getByRole("button", { name: "Delete template One-step payment" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete template" }).click();
  await expect(renamed).toHaveCount(0);
  await expect(page.getByTestId("template-card")).toHaveCount(4);
});
