import fs from "node:fs";
import path from "node:path";

/**
 * Which Chromium the browser tests drive. The system's, where there is one (CHROMIUM_PATH, then
 * Debian's /usr/bin/chromium), because it starts faster; otherwise the headless Chromium that
 * the npm package @sparticuz/chromium carries inside itself, so `npm install && npm test` needs
 * nothing beyond Node. BRIEFS_E2E_BROWSER=npm picks the npm one even where a system one exists.
 */
export type ChromiumChoice = { source: "CHROMIUM_PATH" | "system" | "npm"; executablePath: string; args: string[] };

const SYSTEM_CHROMIUM = "/usr/bin/chromium";

export const systemChromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function chooseChromium(): Promise<ChromiumChoice> {
  const forceNpm = process.env.BRIEFS_E2E_BROWSER === "npm";
  if (!forceNpm && process.env.CHROMIUM_PATH) {
    return { source: "CHROMIUM_PATH", executablePath: process.env.CHROMIUM_PATH, args: systemChromiumArgs };
  }
  if (!forceNpm && fs.existsSync(SYSTEM_CHROMIUM)) return { source: "system", executablePath: SYSTEM_CHROMIUM, args: systemChromiumArgs };
  return npmChromium();
}

async function npmChromium(): Promise<ChromiumChoice> {
  const { default: chromium } = await import("@sparticuz/chromium");
  const version = JSON.parse(fs.readFileSync(path.join(process.cwd(), "node_modules/@sparticuz/chromium/package.json"), "utf8")).version;
  // The package unpacks its browser (≈200 MB, a few seconds, once) into the temp folder and then
  // reuses whatever sits there without checking its version: give it a folder of ours, per version.
  const folder = path.join(process.cwd(), "node_modules", ".cache", `sparticuz-chromium-${version}`);
  fs.mkdirSync(folder, { recursive: true });
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  try {
    // Not the package's own flags: tuned for serverless functions, they switch the same-origin
    // policy and site isolation off (tests of CSP, framing and cross-origin rules would pass for
    // the wrong reason), run everything in one process (which breaks a second browser context),
    // and override Playwright's own feature switches.
    return { source: "npm", executablePath: await chromium.executablePath(), args: systemChromiumArgs };
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
}
