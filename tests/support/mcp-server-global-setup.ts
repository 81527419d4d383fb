import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { runTsx } from "./spawn-tsx";

export type McpTokens = {
  /** brief:read + brief:write, for the first user. */
  readWrite: string;
  /** brief:read only, same user. */
  readOnly: string;
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
};

declare module "vitest" {
  export interface ProvidedContext {
    mcpServer: McpServerInfo;
  }
}

const ALLOWED_ORIGIN = "https://tools.example.test";
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 20_000;

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
  };

  // Before the server starts: the embedded database admits one process at a time.
  const run = crypto.randomBytes(4).toString("hex");
  const agent = `agent.${run}@example.test`;
  const tokens: McpTokens = {
    readWrite: await createToken(env, agent, "brief:read,brief:write", "agent-rw"),
    readOnly: await createToken(env, agent, "brief:read", "agent-read"),
    otherUser: await createToken(env, `other.${run}@example.test`, "brief:read,brief:write", "other-rw"),
    revoked: await createToken(env, agent, "brief:read,brief:write", "agent-revoked"),
  };
  const revoke = await runTsx("tests/support/revoke-token.ts", [tokens.revoked], env);
  if (revoke.code !== 0) throw new Error(`Revoking the test token failed: ${revoke.stderr}`);

  const logFile = path.join(root, "test-results", `${project.name}-server.log`);
  const server = startServer(root, port, env, logFile);
  try {
    await waitUntilReady(server, `${origin}/api/mcp`, tokens.readWrite);
  } catch (error) {
    await stopServer(server.child);
    throw error;
  }
  project.provide("mcpServer", { origin, url: `${origin}/api/mcp`, allowedOrigin: ALLOWED_ORIGIN, tokens });

  return async () => {
    await stopServer(server.child);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

async function createToken(env: Record<string, string | undefined>, email: string, scopes: string, name: string): Promise<string> {
  const result = await runTsx("scripts/admin.ts", ["create-token", "--email", email, "--scopes", scopes, "--name", name], env);
  const token = result.stdout.trimEnd().split("\n").at(-1) ?? "";
  if (result.code !== 0 || !token.startsWith("brf_")) {
    throw new Error(`The admin command failed (${result.code}): ${result.stderr || result.stdout}`);
  }
  return token;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

type Server = { child: ChildProcess; log: () => string; exited: Promise<number | null> };

/** The server's output goes to `logFile` too: INTERNAL_ERROR answers name a request id found there. */
function startServer(root: string, port: number, env: Record<string, string | undefined>, logFile: string): Server {
  const child = spawn(path.join(root, "node_modules", ".bin", "next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so that teardown reaches any worker it starts.
    detached: true,
  });
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const file = fs.createWriteStream(logFile);
  let log = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (d) => {
      log += d;
      file.write(d);
    });
  }
  child.once("exit", () => file.end());
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, log: () => log, exited };
}

/** Polls an authenticated tools/list until it succeeds: the app is up and its database open and migrated. */
async function waitUntilReady(server: Server, url: string, token: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`next start exited (${exitCode}) before it was ready:\n${server.log()}`);
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = await response.text();
      if (response.ok && body.includes('"tools"')) return;
      if (response.status !== 503) throw new Error(`The MCP endpoint answered ${response.status}: ${body}\n${server.log()}`);
    } catch (error) {
      if (!isConnectionRefused(error)) throw error;
    }
    // Not listening yet: ask again shortly (a poll interval, not a guess at how long start-up takes).
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`next start was not ready within ${READY_TIMEOUT_MS} ms:\n${server.log()}`);
}

function isConnectionRefused(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return cause?.code === "ECONNREFUSED" || cause?.code === "ECONNRESET";
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.kill(-child.pid, "SIGTERM");
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
  }, STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
