import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { runTsx } from "./spawn-tsx";
import { createTokenWithAdminCommand, freePort, startAppServer, waitUntilMcpReady } from "./app-server";

export type McpTokens = {
  /** brief:read + brief:write, for the first user. */
  readWrite: string;
  /** brief:read only, same user. */
  readOnly: string;
  /** brief:read + brief:propose, same user: reads and proposes, changes nothing directly. */
  propose: string;
  /** brief:write without brief:read, same user: may neither list nor read anything. */
  writeOnly: string;
  /** brief:read + brief:write, for a second user who is a member of nothing. */
  otherUser: string;
  /** Created for the first user, then revoked. */
  revoked: string;
};

export type McpServerInfo = {
  /** The app's origin, also its APP_URL. */
  origin: string;
  url: string;
  /** An extra allowed origin, configured through BRIEFS_ALLOWED_ORIGINS. */
  allowedOrigin: string;
  tokens: McpTokens;
  /** A person with a password, for flows that sign in through the browser door (OAuth consent). Their address is confirmed. */
  person: { email: string; password: string };
  /** Someone who signed up and never confirmed their address. */
  unconfirmed: { email: string };
  /** A project of the tokens' agent with "require quality before review" on. */
  qualityGatedProjectId: string;
  /** A project of the tokens' agent with `repository` connected, and the webhook secrets, newest first (a rotation). */
  github: { projectId: string; repository: string; secrets: string[] };
};

declare module "vitest" {
  export interface ProvidedContext {
    mcpServer: McpServerInfo;
  }
}

const ALLOWED_ORIGIN = "https://tools.example.test";
const GITHUB_SECRETS = ["webhook-secret-new", "webhook-secret-old"];
const GITHUB_REPOSITORY = "Octo-Org/Briefs-Web";

/**
 * Starts the built app (`next start`) on a free port against a fresh database of the project's kind,
 * with API tokens created beforehand through the admin command, and stops it when the run ends.
 */
export default async function setup(project: TestProject) {
  const root = process.cwd();
  // next.config.ts builds into NEXT_DIST_DIR when set; `next start` below inherits the same variable.
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  if (!fs.existsSync(path.join(root, distDir, "BUILD_ID"))) {
    throw new Error(`The MCP tests run against the built app: run \`npx next build\` first (no build in ${distDir}/).`);
  }
  const onPostgres = project.config.env?.BRIEFS_TEST_DB === "postgres";
  const dataDir = onPostgres ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "briefs-mcp-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    DATABASE_URL: onPostgres ? project.getProvidedContext().databaseUrl : undefined,
    BRIEFS_DATA_DIR: dataDir,
    AUTH_SECRET: process.env.AUTH_SECRET ?? "test-secret-test-secret-test-secret-0123",
    BRIEFS_SEED_DEMO: "0",
    APP_URL: origin,
    BRIEFS_ALLOWED_ORIGINS: ALLOWED_ORIGIN,
    // The OAuth tests serve client metadata documents from loopback.
    BRIEFS_OAUTH_CIMD_ALLOW_LOOPBACK: "1",
    // The fuzz and load tests send many requests with one token; the limit itself is tested on servers of its own.
    BRIEFS_RATE_LIMITS: "mcp-token=off,oauth-register-address=off",
    // Deliveries signed with either secret are accepted while a rotation is under way.
    GITHUB_WEBHOOK_SECRET: GITHUB_SECRETS.join(","),
  };

  // Before the server starts: the embedded database admits one process at a time.
  const run = crypto.randomBytes(4).toString("hex");
  const agent = `agent.${run}@example.test`;
  const tokens: McpTokens = {
    readWrite: await createTokenWithAdminCommand(env, { email: agent, scopes: "brief:read,brief:write", name: "agent-rw" }),
    readOnly: await createTokenWithAdminCommand(env, { email: agent, scopes: "brief:read", name: "agent-read" }),
    propose: await createTokenWithAdminCommand(env, { email: agent, scopes: "brief:read,brief:propose", name: "agent-propose" }),
    writeOnly: await createTokenWithAdminCommand(env, { email: agent, scopes: "brief:write", name: "agent-write" }),
    otherUser: await createTokenWithAdminCommand(env, { email: `other.${run}@example.test`, scopes: "brief:read,brief:write", name: "other-rw" }),
    revoked: await createTokenWithAdminCommand(env, { email: agent, scopes: "brief:read,brief:write", name: "agent-revoked" }),
  };
  const revoke = await runTsx("tests/support/revoke-token.ts", [tokens.revoked], env);
  if (revoke.code !== 0) throw new Error(`Revoking the test token failed: ${revoke.stderr}`);
  const person = { email: `person.${run}@example.test`, password: crypto.randomBytes(12).toString("base64url") };
  const setPassword = await runTsx("tests/support/set-password.ts", [person.email, person.password], env);
  if (setPassword.code !== 0) throw new Error(`Setting the test password failed: ${setPassword.stderr}`);
  const unconfirmed = { email: `unconfirmed.${run}@example.test` };
  const signedUp = await runTsx("tests/support/sign-up.ts", [unconfirmed.email, crypto.randomBytes(12).toString("base64url")], env);
  if (signedUp.code !== 0) throw new Error(`Signing up the unconfirmed person failed: ${signedUp.stderr}`);

  const gated = await runTsx("tests/support/quality-gated-project.ts", [agent], env);
  if (gated.code !== 0) throw new Error(`Making the quality-gated project failed: ${gated.stderr}`);
  const qualityGatedProjectId = gated.stdout.trim().split("\n").at(-1)!;

  const githubProject = await runTsx("tests/support/github-project.ts", [agent], env);
  if (githubProject.code !== 0) throw new Error(`Making the GitHub project failed: ${githubProject.stderr}`);
  const githubProjectId = githubProject.stdout.trim().split("\n").at(-1)!;
  const connected = await runTsx("scripts/admin.ts", ["connect-github", "--project", githubProjectId, "--installation", "4242", "--repository", GITHUB_REPOSITORY], env);
  if (connected.code !== 0) throw new Error(`Connecting the repository failed: ${connected.stderr}`);

  const logFile = path.join(root, "test-results", `${project.name}-server.log`);
  const server = startAppServer(port, env, logFile);
  try {
    await waitUntilMcpReady(server, `${origin}/api/mcp`, tokens.readWrite);
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide("mcpServer", { origin, url: `${origin}/api/mcp`, allowedOrigin: ALLOWED_ORIGIN, tokens, person, unconfirmed, qualityGatedProjectId,
    github: { projectId: githubProjectId, repository: connected.stdout.trim().split("\n").at(-1)!, secrets: GITHUB_SECRETS },
  });

  return async () => {
    await server.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
