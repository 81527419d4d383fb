import type { Browser, BrowserContext } from "@playwright/test";

/**
 * A browser context of its own, signed in with the session cookies `cookie` (a Cookie header, as
 * tests/support/web-session.ts gives it) for `origin`: the pages opened in it are that person's.
 */
export async function signedInContext(browser: Browser, origin: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const eq = pair.indexOf("=");
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: origin };
    }),
  );
  return context;
}
