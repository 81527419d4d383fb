/** The app servers Playwright starts (playwright.config.ts): the main one, and one with strict rate limits. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${e2ePort}`;
export const strictLimitsURL = `http://127.0.0.1:${e2ePort + 1}`;
/** The limits of the strict server, small enough for a test to reach. */
export const strictLimits = { signUpsPerAddress: 2, signInFailuresPerAccount: 3 };

/** Where a server's output (and so the mails it logs instead of sending) is copied to. */
export function serverLogFile(url: string): string {
  return `test-results/e2e-server-${new URL(url).port}.log`;
}
