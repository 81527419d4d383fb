import { expect, test } from "@playwright/test";
import { addChecklistRows, editorUrl, qaPanel, save } from "./support/editor";
import { newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject, inviteMember } from "./support/projects";

test("a viewer reads everything without edit controls, and a crafted checklist POST is refused and changes nothing", async ({ page: owner, browser, baseURL }) => {
  const vera = newPerson("Vera");
  const viewer = await (await browser.newContext({ baseURL })).newPage();
  await signUp(viewer, vera);

  await signUp(owner, newPerson("Olga"));
  const projectId = await createProject(owner, "Read only");
  const briefId = await createBrief(owner, projectId, "Viewer's view");
  await owner.getByLabel("Goal", { exact: true }).fill("Visible to viewers");
  await owner.getByRole("button", { name: "+ Add requirement" }).click();
  await owner.getByLabel("Requirement 1", { exact: true }).fill("A viewer can read this");
  await addChecklistRows(owner, ["Only editors tick this"]);
  await save(owner, 2);
  await inviteMember(owner, projectId, vera.email, "viewer");

  await viewer.goto(editorUrl(projectId, briefId));
  await expect(viewer.getByRole("heading", { level: 1 })).toHaveText("Viewer's view");
  await expect(viewer.getByText("Read only · viewer")).toBeVisible();
  await expect(viewer.getByText("Visible to viewers")).toBeVisible();
  await expect(viewer.getByText("A viewer can read this")).toBeVisible();
  await expect(qaPanel(viewer)).toContainText("Only editors tick this");
  await viewer.screenshot({ path: test.info().outputPath("viewer.png"), fullPage: true });
  // No edit controls anywhere: no inputs, no checkboxes, no save, no lifecycle moves, no comment box.
  await expect(viewer.getByRole("textbox")).toHaveCount(0);
  await expect(viewer.getByRole("checkbox")).toHaveCount(0);
  await expect(viewer.getByRole("switch")).toHaveCount(0);
  await expect(viewer.getByRole("combobox")).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /^Save$|Submit for review|Supersede|Close|Approve|Add / })).toHaveCount(0);
  await expect(viewer.getByRole("link", { name: /^Edit\b/ })).toHaveCount(0);
  // Even by its URL, edit mode is not shown to a viewer.
  await viewer.goto(`${editorUrl(projectId, briefId)}?mode=edit`);
  await expect(viewer.getByTestId("brief-document")).toContainText("Visible to viewers");
  await expect(viewer.getByRole("textbox")).toHaveCount(0);

  const crafted = await viewer.request.post(`/api/briefs/${briefId}/checklist`, {
    data: { index: 0, expectedText: "Only editors tick this", checked: true, idempotencyKey: newIdempotencyKey() },
  });
  expect(crafted.status()).toBe(404);
  expect((await crafted.json()).error.code).toBe("PROJECT_ACCESS_DENIED");

  await owner.goto(editorUrl(projectId, briefId));
  await expect(owner.getByTestId("brief-version")).toContainText("Version 2");
  await expect(qaPanel(owner).getByRole("checkbox", { name: "Only editors tick this" })).not.toBeChecked();
  await viewer.context().close();
});

test("someone outside the project gets the not-found page, and the brief's routes answer 404", async ({ page: owner, browser, baseURL }) => {
  await signUp(owner, newPerson("Owen"));
  const projectId = await createProject(owner, "Private");
  const briefId = await createBrief(owner, projectId, "Secret plan");
  const otherProject = await createProject(owner, "Elsewhere");

  // Even the owner: the brief under another project's URL is not found.
  await owner.goto(editorUrl(otherProject, briefId));
  await expect(owner.getByRole("heading", { name: "Page not found" })).toBeVisible();

  const outsider = await (await browser.newContext({ baseURL })).newPage();
  await signUp(outsider, newPerson("Eve"));
  await outsider.goto(editorUrl(projectId, briefId));
  await expect(outsider.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(outsider.getByText("Secret plan")).toHaveCount(0);
  // The same answer as for a brief that does not exist.
  await outsider.goto(editorUrl(projectId, "no-such-brief"));
  await expect(outsider.getByRole("heading", { name: "Page not found" })).toBeVisible();

  expect((await outsider.request.get(`/api/briefs/${briefId}/stamp`)).status()).toBe(404);
  const crafted = await outsider.request.post(`/api/briefs/${briefId}/checklist`, {
    data: { index: 0, expectedText: "x", checked: true, idempotencyKey: newIdempotencyKey() },
  });
  expect(crafted.status()).toBe(404);
  // Signed out: 401, not a page.
  const anonymous = await browser.newContext({ baseURL });
  expect((await anonymous.request.get(`/api/briefs/${briefId}/stamp`)).status()).toBe(401);
  await anonymous.close();
  await outsider.context().close();
});
