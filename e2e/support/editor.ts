import { expect, type Locator, type Page } from "@playwright/test";

/** The brief editor as a person uses it: the save bar, the QA checklist panel, the history tabs. */

/** The brief page; it opens in read mode. */
export function editorUrl(projectId: string, briefId: string): string {
  return `/projects/${projectId}/briefs/${briefId}`;
}

/** The brief page opened straight in edit mode (what "Edit" links to). */
export function editUrl(projectId: string, briefId: string): string {
  return `${editorUrl(projectId, briefId)}?mode=edit`;
}

/** From read mode, "Edit" opens the form (in place once the page is live, by its URL before). */
export async function startEditing(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(saveStatus(page)).toBeVisible();
}

/** The brief as read mode shows it. */
export function briefDocument(page: Page): Locator {
  return page.getByTestId("brief-document");
}

export function saveStatus(page: Page): Locator {
  return page.getByTestId("save-status");
}

/** Clicks Save and waits until the page reports the new version. */
export async function save(page: Page, expectedVersion: number): Promise<void> {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(saveStatus(page)).toHaveText(`Saved as version ${expectedVersion}.`);
}

/** Adds QA checklist rows in the content form (not yet saved). */
export async function addChecklistRows(page: Page, rows: string[]): Promise<void> {
  for (const text of rows) {
    await page.getByRole("button", { name: "+ Add checklist row" }).click();
    const inputs = page.getByRole("group", { name: "QA checklist" }).getByRole("textbox");
    await inputs.last().fill(text);
  }
}

export function qaPanel(page: Page): Locator {
  return page.getByTestId("qa-checklist");
}

export function qaCheckbox(page: Page, text: string): Locator {
  return qaPanel(page).getByRole("checkbox", { name: text, exact: true });
}

export function qaRow(page: Page, text: string): Locator {
  return qaPanel(page).getByTestId("qa-row").filter({ hasText: text });
}

export function historyTab(page: Page, name: string): Locator {
  return page.getByRole("tablist", { name: "Collections" }).getByRole("tab", { name: new RegExp(`^${name}\\b`) });
}

export function historyPanel(page: Page): Locator {
  return page.getByTestId("history").getByRole("tabpanel");
}

/** "Checked by Pam at 21 Nov 2026, 06:01 UTC" */
export const CHECKED_BY = (who: string) => new RegExp(`Checked by ${who.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} at \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} UTC`);
