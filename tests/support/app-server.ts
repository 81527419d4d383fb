import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { runTsx } from "./spawn-tsx";

/**
 * The built app as a separate process, for tests over HTTP and for the load benchmark: start
 * `next start`, wait until the MCP endpoint answers, stop it with its whole process group.
 */
export type AppServer = { child: ChildProcess; log: () => string; exited: Promise<number | null>; stop: () => Promise<void> };

const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
const KEPT_LOG_CHARS = 200_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A token from the operator's command; run it before the server starts (the embedded database is then free). */
export async function createTokenWithAdminCommand(
  env: Record<string, string | undefined>,
  token: { email: string; scopes: string; name: string },
): Promise<string> {
  const result = await runTsx("scripts/admin.ts", ["create-token", "--email", token.email, "--scopes", token.scopes, "--name", token.name], env);
  const printed = result.stdout.trimEnd().split("\n").at(-1) ?? "";
  if (result.code !== 0 || !printed.startsWith("brf_")) {
    throw new Error(`The admin command failed (${result.code}): ${result.stderr || result.stdout}`);
  }
  return printed;
}

/**
 * Starts `next start` on the build in the working directory (or, with `viaNpmStart`, the wrapper
 * `npm start` runs); its output is kept (and copied to `logFile`).
 */
export function startAppServer(
  port: number,
  env: Record<string, string | undefined>,
  logFile?: string,
  { viaNpmStart = false } = {},
): AppServer {
  const root = process.cwd();
  const bin = path.join(root, "node_modules", ".bin");
  const [command, ...args] = [
    ...(viaNpmStart ? [path.join(bin, "tsx"), "scripts/run-app.ts"] : [path.join(bin, "next")]),
    ...["start", "-p", String(port), "-H", "127.0.0.1"],
  ];
  const child = spawn(command, args, {
    cwd: root,
    // As `npm start` does: on SIGTERM the app drains requests in flight, then closes the database.
    env: { ...process.env, NEXT_MANUAL_SIG_HANDLE: "1", ...env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so that stopping it reaches any worker it starts.
    detached: true,
  });
  let file: fs.WriteStream | undefined;
  if (logFile) {
    fs.mkdirSync(path.dirname(logFile), { recursive: true });
    file = fs.createWriteStream(logFile);
    child.once("exit", () => file?.end());
  }
  let log = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (d: Buffer) => {
      log += d;
      if (log.length > KEPT_LOG_CHARS) log = log.slice(-KEPT_LOG_CHARS / 2);
      file?.write(d);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      process.kill(-child.pid, "SIGTERM");
      const timer = setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
      }, STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    })());
  return { child, log: () => log, exited, stop };
}

/** Polls an authenticated tools/list until it succeeds: the app is up and its database open and migrated. */
export async function waitUntilMcpReady(server: AppServer, url: string, token: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`next start exited (${exitCode}) before it was ready:\n${server.log()}`);
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = await response.text();
      if (response.ok && body.includes('"tools"')) return;
      if (response.status !== 503) throw new Error(`The MCP endpoint answered ${response.status}: ${body.slice(0, 2000)}\n${server.log()}`);
    } catch (error) {
      const cause = (error as { cause?: { code?: string } })?.cause;
      if (cause?.code !== "ECONNREFUSED" && cause?.code !== "ECONNRESET") throw error;
    }
    // Not listening yet: ask again shortly (a poll interval, not a guess at how long start-up takes).
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`next start was not ready within ${READY_TIMEOUT_MS} ms:\n${server.log()}`);
}

/** Polls GET /api/health until it answers `status` (200: ready; 503: up but not ready). */
export async function waitForHealth(server: AppServer, origin: string, status = 200): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  let last = "";
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`The app exited (${exitCode}) before /api/health answered ${status}:\n${server.log()}`);
    try {
      const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(30_000) });
      last = `${response.status} ${await response.text()}`;
      if (response.status === status) return;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } })?.cause;
      if (cause?.code !== "ECONNREFUSED" && cause?.code !== "ECONNRESET") throw error;
    }
    // Not there yet: ask again shortly (a poll interval, not a guess at how long start-up takes).
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/api/health did not answer ${status} within ${READY_TIMEOUT_MS} ms (last: ${last}):\n${server.log()}`);
}

export type AppInstance = { origin: string; port: number; server: AppServer };

/** The built app on a free port, ready (its health check answers 200). */
export async function startReadyApp(
  env: Record<string, string | undefined>,
  options: { viaNpmStart?: boolean; expectStatus?: number } = {},
): Promise<AppInstance> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startAppServer(port, { APP_URL: origin, BRIEFS_SEED_DEMO: "0", ...env }, undefined, options);
  try {
    await waitForHealth(server, origin, options.expectStatus ?? 200);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { origin, port, server };
}
