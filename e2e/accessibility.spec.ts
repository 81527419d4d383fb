import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { appPages, createAppData } from "./support/app-pages";

/**
 * Every page of e2e/support/app-pages.ts, checked with axe against WCAG 2.x A and AA: no serious
 * or critical violation (colour contrast, names of controls, landmarks, …). Each page is checked at
 * a desktop width and at a phone's; all pages are checked before the test reports.
 */
const widths = [1280, 390];

test("every page has no serious or critical accessibility violation", async ({ browser }) => {
  test.setTimeout(300_000);
  const data = await createAppData(browser);
  for (const entry of appPages) {
    await test.step(entry.name, async () => {
      const page = data.browsers[entry.as];
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        await entry.open(page, data);
        const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
        const serious = violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ")}`) }));
        expect.soft(serious, `${entry.name} at ${width} px`).toEqual([]);
      }
    });
  }
});
