import fs from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject } from "./support/projects";

/**
 * The project's brief list and the header at a wide screen (1280 px) and a phone (390 px): a
 * 60-character title shows whole (one line wide, wrapping on a phone), the bell is drawn, not an
 * emoji, and the header keeps to one row wide and two on a phone. With `BRIEFS_DOC_SCREENSHOTS=1`
 * it also writes the list and the header to docs/screenshots/.
 */
const longTitle = "Refund a card payment in part from the order page by support";
const folder = "docs/screenshots";
const sizes = [
  { width: 1280, height: 800, headerRows: 1 },
  { width: 390, height: 844, headerRows: 2 },
] as const;

test("whole brief titles, a drawn bell and a compact header at 1280 and 390 px", async ({ page }) => {
  expect(longTitle).toHaveLength(60);
  // A long name: the header keeps to its rows with the longest label it shows.
  await signUp(page, newPerson("Alexandra Featherstonehaugh"));
  const projectId = await createProject(page, "Checkout");
  await createBrief(page, projectId, "Guest checkout");
  await createBrief(page, projectId, longTitle);

  for (const { width, height, headerRows } of sizes) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height });
      await page.goto(`/projects/${projectId}`);
      const row = page.getByRole("list", { name: "Briefs" }).getByRole("link").filter({ hasText: longTitle });
      const title = row.getByTestId("brief-title");

      // (a) The title is whole: nothing cut or hidden; one line wide, wrapped on a phone.
      await expect(title).toHaveText(longTitle);
      await expect(title).toHaveAttribute("title", longTitle);
      const box = await textBox(title);
      expect(box.scrollWidth, "title not cut").toBeLessThanOrEqual(box.clientWidth);
      expect(box.right, "title inside the viewport").toBeLessThanOrEqual(width);
      if (width === 1280) expect(box.height, "title on one line").toBeLessThan(box.lineHeight * 1.5);
      else expect(box.height, "title wraps").toBeGreaterThan(box.lineHeight * 1.5);

      // (b) The bell is an SVG inside the control named "Notifications"; no emoji in the header.
      const nav = page.getByRole("navigation", { name: "Main" });
      const bell = nav.getByRole("link", { name: /Notifications/ });
      await expect(bell).toBeVisible();
      await expect(bell).toHaveAccessibleName(/^Notifications,\s*0\s+unread$/);
      await expect(bell.locator("svg")).toHaveCount(1);
      await expect(bell.locator("svg")).toBeVisible();
      expect(await page.locator("header").innerText()).not.toMatch(/\p{Extended_Pictographic}/u);

      // (c) The header's items sit in one row wide, two on a phone.
      const rows = await headerRowsOf(page);
      expect(rows.count, `header rows: ${JSON.stringify(rows.items)}`).toBe(headerRows);
      expect(rows.navHeight).toBeLessThan(headerRows === 1 ? 72 : 120);

      if (width === 1280) {
        await expect(nav.getByRole("button", { name: "Menu" })).toBeHidden();
        await expect(nav.getByRole("link", { name: "API tokens" })).toBeVisible();
        await expect(nav.getByRole("button", { name: "Sign out" })).toBeVisible();
      } else {
        await expectMenuByKeyboard(page);
      }

      if (process.env.BRIEFS_DOC_SCREENSHOTS) {
        await page.mouse.move(0, 0);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await shoot(page.getByRole("region", { name: "Briefs", exact: true }), `brief-list-${width}`);
        await shoot(page.locator("header"), `header-${width}`);
      }
    });
  }
});

/** On a phone the sections are in "Menu": it opens with the keyboard, and Escape closes it back onto the button. */
async function expectMenuByKeyboard(page: Page) {
  const nav = page.getByRole("navigation", { name: "Main" });
  const menu = nav.getByRole("button", { name: "Menu" });
  await expect(nav.getByRole("link", { name: "API tokens" })).toBeHidden();
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  for (const name of ["Projects", "API tokens", "Connected apps", "Account"]) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(nav.getByText("Signed in as")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Projects", exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
  await expect(nav.getByRole("link", { name: "API tokens" })).toBeHidden();
}

async function textBox(element: Locator) {
  return element.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const lineHeight = style.lineHeight === "normal" ? parseFloat(style.fontSize) * 1.2 : parseFloat(style.lineHeight);
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, right: rect.right, height: rect.height, lineHeight };
  });
}

/** The rows the header's shown items fall into: an item starts a new row when it begins below the last row's bottom. */
async function headerRowsOf(page: Page) {
  return page.getByRole("navigation", { name: "Main" }).evaluate((nav) => {
    const items = [...nav.children]
      .map((el) => ({ el, rect: el.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && rect.height > 0)
      .map(({ el, rect }) => ({ what: (el.textContent ?? "").trim().slice(0, 30) || el.tagName, top: Math.round(rect.top), bottom: Math.round(rect.bottom) }))
      .sort((a, b) => a.top - b.top);
    let count = 0;
    let rowBottom = -Infinity;
    for (const item of items) {
      if (item.top >= rowBottom - 1) {
        count += 1;
        rowBottom = item.bottom;
      } else {
        rowBottom = Math.max(rowBottom, item.bottom);
      }
    }
    return { count, items, navHeight: nav.getBoundingClientRect().height };
  });
}

async function shoot(target: Locator, name: string) {
  fs.mkdirSync(folder, { recursive: true });
  await target.screenshot({ path: `${folder}/${name}.png`, animations: "disabled", caret: "hide" });
}
