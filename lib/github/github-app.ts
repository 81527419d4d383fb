import { readFileSync } from "node:fs";
import { App } from "@octokit/app";
import { Octokit } from "@octokit/core";
import { env } from "@/lib/config/env";

export type GithubAppConfig = { appId: string; privateKey: string; apiUrl: string };

let cached: { key: string; app: App } | undefined;

/**
 * The GitHub App as configured (GITHUB_APP_ID and its private key), talking to GITHUB_API_URL, or
 * null when no App is configured. Built once per configuration: its installation tokens are cached
 * inside it until shortly before they expire.
 */
export function githubApp(): App | null {
  const config = env();
  if (!config.GITHUB_APP_ID) return null;
  const privateKey = config.GITHUB_APP_PRIVATE_KEY ?? readFileSync(config.GITHUB_APP_PRIVATE_KEY_FILE!, "utf8");
  const key = `${config.GITHUB_APP_ID}\u0001${config.GITHUB_API_URL}\u0001${privateKey}`;
  if (cached?.key !== key) cached = { key, app: buildGithubApp({ appId: config.GITHUB_APP_ID, privateKey, apiUrl: config.GITHUB_API_URL }) };
  return cached.app;
}

/** An App client for one configuration; the key may be PKCS#1 or PKCS#8 (GitHub hands out PKCS#1). */
export function buildGithubApp(config: GithubAppConfig): App {
  return new App({ appId: config.appId, privateKey: config.privateKey, Octokit: Octokit.defaults({ baseUrl: config.apiUrl.replace(/\/$/, "") }) });
}

/**
 * A token that acts as the App in one installation (a JWT signed with the App's key, then
 * POST /app/installations/{id}/access_tokens); it lasts an hour and is reused until shortly before.
 */
export async function installationToken(installationId: number | bigint, app: App | null = githubApp()): Promise<string> {
  if (!app) throw new Error("No GitHub App is configured: set GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY (docs/github.md).");
  const octokit = await app.getInstallationOctokit(Number(installationId));
  const auth = (await octokit.auth({ type: "installation" })) as { token: string };
  return auth.token;
}
