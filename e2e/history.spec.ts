import { expect, test } from "@playwright/test";
import { addChecklistRows, editorUrl, historyPanel, historyTab, save } from "./support/editor";
import { newIdempotencyKey } from "./support/mcp";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject } from "./support/projects";

test("history panels page past the first 20 items with Load more until the end, and open old versions", async ({ page }) => {
  const pm = newPerson("Hana");
  await signUp(page, pm);
  const projectId = await createProject(page, "History");
  const briefId = await createBrief(page, projectId, "Many versions");
  await page.getByLabel("Goal", { exact: true }).fill("The first goal");
  await addChecklistRows(page, ["Tick me often"]);
  await save(page, 2);

  // 25 more versions, each a checklist toggle through the web's own route.
  for (let n = 0; n < 25; n++) {
    const response = await page.request.post(`/api/briefs/${briefId}/checklist`, {
      data: { index: 0, expectedText: "Tick me often", checked: n % 2 === 0, idempotencyKey: newIdempotencyKey() },
    });
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.data.brief.versionNum).toBe(3 + n);
  }

  await page.goto(editorUrl(projectId, briefId));
  await expect(page.getByTestId("brief-version")).toContainText("Version 27");
  const versions = historyPanel(page).getByTestId("history-item");
  await expect(historyTab(page, "Versions")).toHaveAttribute("aria-selected", "true");
  await expect(historyTab(page, "Versions")).toContainText("20+");
  await expect(versions).toHaveCount(20);
  await expect(versions.first()).toContainText("Version 27");
  await expect(versions.last()).toContainText("Version 8");

  await historyPanel(page).getByRole("button", { name: "Load more" }).click();
  await expect(versions).toHaveCount(27);
  await expect(versions.nth(20)).toContainText("Version 7");
  await expect(versions.last()).toContainText("Version 1");
  await expect(historyPanel(page).getByTestId("history-end")).toHaveText("End of versions · 27 shown");
  await expect(historyPanel(page).getByRole("button", { name: "Load more" })).toHaveCount(0);
  await page.getByTestId("history").screenshot({ path: test.info().outputPath("history-panel.png") });

  // Other collections: empty ones say so; comments can be added from the panel.
  await historyTab(page, "Findings").click();
  await expect(historyPanel(page)).toContainText("No findings yet.");
  await historyTab(page, "Comments").click();
  await historyPanel(page).getByLabel("Comment").fill("Looks good to me.");
  await historyPanel(page).getByRole("button", { name: "Add comment" }).click();
  await expect(historyPanel(page).getByTestId("history-item").first()).toContainText("Looks good to me.");
  await expect(historyPanel(page).getByTestId("history-item").first()).toContainText(pm.name);
  await page.reload();
  await historyTab(page, "Comments").click();
  await expect(historyPanel(page).getByTestId("history-item")).toHaveCount(1);
  await expect(historyPanel(page)).toContainText("Looks good to me.");
  await page.screenshot({ path: test.info().outputPath("history.png"), fullPage: true });

  // An old version opens read-only with what changed since.
  await historyTab(page, "Versions").click();
  await historyPanel(page).getByRole("button", { name: "Load more" }).click();
  await historyPanel(page).getByRole("link", { name: "Version 1", exact: true }).click();
  await expect(page).toHaveURL(`${editorUrl(projectId, briefId)}/versions/1`);
  await expect(page).toHaveTitle("Version 1 · Many versions · Briefs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Version 1");
  await expect(page.getByRole("heading", { name: "Changes from version 1 to the current version 27" })).toBeVisible();
  await expect(page.getByTestId("diff-goal")).toContainText("Added: The first goal");
  await expect(page.getByTestId("diff-testingQaChecklist")).toContainText("Tick me often");
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("version-view.png"), fullPage: true });

  await page.goto(`${editorUrl(projectId, briefId)}/versions/99`);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
