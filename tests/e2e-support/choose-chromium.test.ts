import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { chromium } from "@playwright/test";
import { afterEach, describe, expect, it } from "vitest";
import { chooseChromium } from "../../e2e/support/chromium";

function serve(body: string, headers: Record<string, string> = {}): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((_, res) => res.writeHead(200, { "content-type": "text/html", ...headers }).end(body));
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

// The browser tests' choice of Chromium; the npm one is what a machine without a system browser gets.
describe.runIf(process.env.BRIEFS_TEST_DB === "pglite")("the Chromium of the browser tests", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env.CHROMIUM_PATH = saved.CHROMIUM_PATH;
    process.env.BRIEFS_E2E_BROWSER = saved.BRIEFS_E2E_BROWSER;
    if (saved.CHROMIUM_PATH === undefined) delete process.env.CHROMIUM_PATH;
    if (saved.BRIEFS_E2E_BROWSER === undefined) delete process.env.BRIEFS_E2E_BROWSER;
  });

  it("is CHROMIUM_PATH when set", async () => {
    process.env.CHROMIUM_PATH = "/opt/some/chromium";
    delete process.env.BRIEFS_E2E_BROWSER;
    expect(await chooseChromium()).toMatchObject({ source: "CHROMIUM_PATH", executablePath: "/opt/some/chromium" });
  });

  it("comes from npm without a system browser: it launches, and keeps the same-origin policy on", async () => {
    process.env.BRIEFS_E2E_BROWSER = "npm";
    const choice = await chooseChromium();
    expect(choice.source).toBe("npm");
    expect(fs.existsSync(choice.executablePath)).toBe(true);
    // Unpacked into the project's own folder, not a shared temp folder another version may have filled.
    expect(choice.executablePath).toContain("node_modules/.cache/sparticuz-chromium-");

    const other = await serve("secret");
    const page = await serve("<h1>Briefs</h1>");
    const browser = await chromium.launch({ executablePath: choice.executablePath, args: choice.args });
    try {
      const tab = await browser.newPage();
      await tab.goto(page.origin);
      await expect(tab.locator("h1").textContent()).resolves.toBe("Briefs");
      // Another origin without CORS headers: a browser that enforces the policy refuses to read it.
      const read = await tab.evaluate(async (url) => {
        try {
          return await (await fetch(url)).text();
        } catch {
          return "blocked";
        }
      }, other.origin);
      expect(read).toBe("blocked");
      // A second context works as well (one-process mode would break it).
      const second = await browser.newContext();
      await (await second.newPage()).goto(page.origin);
      await second.close();
    } finally {
      await browser.close();
      await Promise.all([other.close(), page.close()]);
    }
  });
});
