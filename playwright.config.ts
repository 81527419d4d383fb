import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = `test-results/e2e-data-${port}`;

/**
 * Browser tests against the built app (`next build` first; `npm test` does). The server starts on
 * a fresh embedded database, and each spec signs up its own people.
 */
export default defineConfig({
  testDir: "e2e",
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node_modules/.bin/next start -p ${port} -H 127.0.0.1`,
    url: `${baseURL}/signin`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      BRIEFS_DATA_DIR: dataDir,
      BRIEFS_SEED_DEMO: "0",
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
      APP_URL: baseURL,
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: "",
      NEXT_MANUAL_SIG_HANDLE: "1",
      // Every spec signs its own people up, all from 127.0.0.1.
      BRIEFS_RATE_LIMITS: "sign-up-address=1000/1h",
    },
  },
});
