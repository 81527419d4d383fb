import { defineConfig } from "@playwright/test";
import { systemChromiumArgs, type ChromiumChoice } from "./e2e/support/chromium";
import { baseURL, e2ePort as port, serverLogFile, strictLimits, strictLimitsURL } from "./e2e/support/servers";

const dataDir = `test-results/e2e-data-${port}`;
const strictDataDir = `test-results/e2e-data-${port + 1}`;
// Chosen by the global setup (e2e/support/chromium.ts); the workers that launch it see the choice.
const chromium: Pick<ChromiumChoice, "executablePath" | "args"> = process.env.BRIEFS_E2E_CHROMIUM
  ? JSON.parse(process.env.BRIEFS_E2E_CHROMIUM)
  : { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: systemChromiumArgs };

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
  globalSetup: "./e2e/support/browser-global-setup.ts",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromium,
  },
  webServer: [
    {
      // The output is also copied to a file: the server logs the mails it would send, and the specs
      // read confirmation links from there (e2e/support/mail-log.ts).
      command: `rm -rf ${dataDir} && mkdir -p test-results && node_modules/.bin/next start -p ${port} -H 127.0.0.1 2>&1 | tee ${serverLogFile(baseURL)}`,
      url: `${baseURL}/signin`,
      timeout: 120_000,
      reuseExistingServer: false,
      // A JSON line a request: read in the copy, not echoed into the test report.
      stdout: "ignore",
      env: {
        ...serverEnv(dataDir, baseURL),
        // Every spec signs its own people up, all from 127.0.0.1.
        BRIEFS_RATE_LIMITS: "sign-up-address=1000/1h,oauth-register-address=off",
      },
    },
    {
      // For the rate-limit spec: limits a test reaches in a few tries.
      command: `rm -rf ${strictDataDir} && mkdir -p test-results && node_modules/.bin/next start -p ${port + 1} -H 127.0.0.1 2>&1 | tee ${serverLogFile(strictLimitsURL)}`,
      url: `${strictLimitsURL}/signin`,
      timeout: 120_000,
      reuseExistingServer: false,
      // A JSON line a request: read in the copy, not echoed into the test report.
      stdout: "ignore",
      env: {
        ...serverEnv(strictDataDir, strictLimitsURL),
        BRIEFS_RATE_LIMITS: `sign-up-address=${strictLimits.signUpsPerAddress}/1h,sign-in-account=${strictLimits.signInFailuresPerAccount}/15m`,
      },
    },
  ],
});

function serverEnv(dataDir: string, appUrl: string): Record<string, string> {
  return {
    BRIEFS_DATA_DIR: dataDir,
    BRIEFS_SEED_DEMO: "0",
    AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
    APP_URL: appUrl,
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: "",
    NEXT_MANUAL_SIG_HANDLE: "1",
    // The OAuth specs serve client metadata documents from loopback and register many clients.
    BRIEFS_OAUTH_CIMD_ALLOW_LOOPBACK: "1",
    // The webhook spec's receiver listens on loopback.
    BRIEFS_WEBHOOK_ALLOW_LOOPBACK: "1",
    // The GitHub spec signs its pull-request deliveries with this (e2e/github.spec.ts).
    GITHUB_WEBHOOK_SECRET: "e2e-github-webhook-secret",
    // Every spec signs its own people up; `next start` alone would admit only invited ones.
    BRIEFS_SIGNUP: "open",
    // No mail leaves the machine: mails go to the server's log.
    SMTP_URL: "",
  };
}
