import fs from "node:fs";
import { freePort, startAppServer, waitForHealth, type AppServer } from "../../tests/support/app-server";
import { appKeyPair, startGithubStandIn } from "../../tests/support/github-stand-in";
import { startOidcIssuer, type OidcIssuer } from "../../tests/support/oidc-issuer";
import { serverLogFile } from "./servers";

export const CI_WEBHOOK_SECRET = "e2e-ci-github-webhook-secret";

export type CiInstance = {
  origin: string;
  issuer: OidcIssuer;
  github: Awaited<ReturnType<typeof startGithubStandIn>>;
  stop(): Promise<void>;
};

/**
 * An app instance of its own with GitHub wired to local stand-ins: a token issuer signing GitHub
 * Actions tokens and GitHub's API for the App (installation tokens, check runs). It runs on a fresh
 * embedded database with the main e2e server's settings, its output in the file the mail helpers
 * read (e2e/support/mail-log.ts), so sign-up works on it as on the main server.
 */
export async function startCiInstance(): Promise<CiInstance> {
  const issuer = await startOidcIssuer();
  const keys = appKeyPair();
  const github = await startGithubStandIn({ appId: "4242", publicKey: keys.publicKey });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = `test-results/e2e-ci-data-${port}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  let server: AppServer | undefined;
  const stop = async () => {
    await server?.stop();
    await Promise.all([issuer.stop(), github.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    server = startAppServer(
      port,
      {
        NEXT_TELEMETRY_DISABLED: "1",
        DATABASE_URL: "",
        BRIEFS_DATA_DIR: dataDir,
        APP_URL: origin,
        AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
        BRIEFS_SEED_DEMO: "0",
        BRIEFS_SIGNUP: "open",
        SMTP_URL: "",
        BRIEFS_WEBHOOK_ALLOW_LOOPBACK: "1",
        GITHUB_WEBHOOK_SECRET: CI_WEBHOOK_SECRET,
        GITHUB_OIDC_ISSUER: issuer.issuer,
        GITHUB_APP_ID: "4242",
        GITHUB_APP_PRIVATE_KEY: keys.privateKeyPem,
        GITHUB_API_URL: github.url,
      },
      serverLogFile(origin),
    );
    await waitForHealth(server, origin);
    return { origin, issuer, github, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
