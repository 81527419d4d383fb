import { expect, test, type Page } from "@playwright/test";
import { addChecklistRows, qaCheckbox, save } from "./support/editor";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject } from "./support/projects";
import { createApiToken } from "./support/tokens";

/**
 * The app works under its Content-Security-Policy and cannot be framed. Violations are collected
 * from the page itself (the `securitypolicyviolation` event) and from the console.
 */
async function watchPolicy(page: Page): Promise<{ violations: () => Promise<string[]>; console: string[] }> {
  const consoleLines: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) consoleLines.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return {
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []),
    console: consoleLines,
  };
}

test("sign-up, projects, the brief editor, live ticks and tokens work with no policy violation", async ({ page }) => {
  const policy = await watchPolicy(page);
  const response = await page.goto("/signup");
  const csp = response!.headers()["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-eval");
  expect(response!.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response!.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");

  await signUp(page, newPerson("Casey"));
  const projectId = await createProject(page, "Policy");
  await createBrief(page, projectId, "Under the policy");
  await addChecklistRows(page, ["Works with scripts by nonce"]);
  await save(page, 2);
  await qaCheckbox(page, "Works with scripts by nonce").click();
  await expect(qaCheckbox(page, "Works with scripts by nonce")).toBeChecked();
  await page.goto("/settings/tokens");
  expect(await createApiToken(page, "policy-check", ["brief:read"])).toMatch(/^brf_/);

  expect(await policy.violations()).toEqual([]);
  expect(policy.console).toEqual([]);
});

test("code built from strings does not run in production", async ({ page }) => {
  const policy = await watchPolicy(page);
  await page.goto("/signin");
  // Scheduled by the page itself: Playwright's own evaluate is exempt from the policy.
  await page.evaluate(() => {
    setTimeout("window.__evalRan = true" as unknown as () => void, 0);
    setTimeout(() => ((window as unknown as { __probeDone: boolean }).__probeDone = true), 10);
  });
  await page.waitForFunction(() => (window as unknown as { __probeDone?: boolean }).__probeDone === true);
  expect(await page.evaluate(() => (window as unknown as { __evalRan?: boolean }).__evalRan)).toBeUndefined();
  await expect.poll(() => policy.violations()).toContainEqual(expect.stringMatching(/^script-src/));
});

test("another origin cannot frame the app", async ({ page, baseURL }) => {
  const framer = "http://framer.example.test";
  // A page of another origin that frames our sign-in page, and, as a control, a page that allows framing.
  await page.route(`${framer}/**`, (route) =>
    route.request().url().endsWith("/control")
      ? route.fulfill({ contentType: "text/html", body: "<!doctype html><button>Framable</button>" })
      : route.fulfill({
          contentType: "text/html",
          body: `<!doctype html><title>framer</title><iframe id="ours" src="${baseURL}/signin"></iframe><iframe id="control" src="${framer}/control"></iframe>`,
        }),
  );
  await page.goto(`${framer}/`);
  await expect(page.frameLocator("#control").getByRole("button", { name: "Framable" })).toBeVisible();
  const ours = page.frames().find((frame) => frame.parentFrame() === page.mainFrame() && frame.url() !== `${framer}/control`);
  expect(ours).toBeDefined();
  // The frame holds the browser's error page, not our sign-in form.
  await expect.poll(() => ours!.url()).toMatch(/^chrome-error:/);
  await expect(page.frameLocator("#ours").getByRole("button", { name: "Sign in" })).toHaveCount(0);
});
