import { expect, test, type Page } from "@playwright/test";
import { appPages, createAppData } from "./support/app-pages";

/**
 * At a phone's width, long unbroken words — a ticket key as a title, a pasted URL in a section, a
 * long project, person or token name — wrap instead of making any page scroll sideways. Every page
 * is checked before the test reports, each failure naming the elements that stick out.
 */
test("no page scrolls sideways at 390 px, however long its words", async ({ browser }) => {
  test.setTimeout(240_000);
  const data = await createAppData(browser);
  for (const entry of appPages) {
    await test.step(entry.name, async () => {
      const page = data.browsers[entry.as];
      await page.setViewportSize({ width: 390, height: 844 });
      await entry.open(page, data);
      expect.soft(await sidewaysOverflow(page), entry.name).toEqual({ overflow: 0, sticksOut: [] });
    });
  }
});

/** How far the document scrolls sideways, and the innermost elements that reach past the viewport. */
function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const sticksOut = [...document.body.querySelectorAll<HTMLElement>("*")]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && ![...el.children].some((child) => child.getBoundingClientRect().right > width + 0.5))
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}: ${(el.textContent ?? "").slice(0, 40)}`);
    return { overflow: Math.max(0, root.scrollWidth - width), sticksOut: root.scrollWidth > width ? sticksOut : [] };
  });
}
