/**
 * Do sign-ins starve agents? MCP `tools/list` latency with and without a flood of parallel sign-in
 * attempts, against the production build (`next start`) on the embedded database.
 *
 *   npx tsx bench/build.ts                     # NEXT_DIST_DIR=.next-bench next build; after every code change
 *   npx tsx bench/signin-flood.ts [--attempts 100] [--samples 40]
 *
 * 1. A fresh embedded database; the admin command creates an API token, and the benchmark gives the
 *    same person a password (hashed with the app's own function) before the server starts.
 * 2. Quiet: `--samples` sequential `tools/list` calls; their p50 is the reference.
 * 3. Flooded: `--attempts` sign-ins with a wrong password posted at once to next-auth's credentials
 *    callback (each costs one full password check), and `tools/list` calls one after another while
 *    the flood lasts (at least `--samples`).
 * 4. Prints both p50s and their ratio; exit code 0 when the flooded p50 is within 3× of the quiet one.
 *
 * Not part of `npm test`. docs/benchmarks.md records results.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { hashPassword } from "../lib/auth/password";
import { createTokenWithAdminCommand, freePort, waitUntilMcpReady } from "../tests/support/app-server";
import { benchAppEnv } from "./support/prepare-bench-app";
import { onCleanup, runBench, startBenchServer } from "./support/run-bench";

const ROOT = path.resolve(__dirname, "..");
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";
const EMAIL = "flood@example.test";
const PASSWORD = "the right password";
const ALLOWED_RATIO = 3;

const { values } = parseArgs({ options: { attempts: { type: "string", default: "100" }, samples: { type: "string", default: "40" } } });
const ATTEMPTS = Number(values.attempts);
const SAMPLES = Number(values.samples);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summary(ms: number[]): { n: number; p50: number; p95: number; max: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
}

async function toolsList(url: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  const body = await response.text();
  if (!response.ok || !body.includes('"tools"')) throw new Error(`tools/list answered ${response.status}: ${body.slice(0, 300)}`);
  return performance.now() - started;
}

/** next-auth's CSRF token and cookie, fetched once and reused by every attempt. */
async function csrf(origin: string): Promise<{ token: string; cookie: string }> {
  const response = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return { token: csrfToken, cookie };
}

async function signInAttempt(origin: string, session: { token: string; cookie: string }, password: string): Promise<number> {
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: session.cookie },
    body: new URLSearchParams({ email: EMAIL, password, csrfToken: session.token }).toString(),
  });
  await response.arrayBuffer();
  return response.status;
}

async function main(): Promise<number> {
  if (!fs.existsSync(path.join(ROOT, DIST_DIR, "BUILD_ID"))) {
    console.error(`No build in ${DIST_DIR}/: run \`npx tsx bench/build.ts\` first.`);
    return 2;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-flood-"));
  onCleanup("remove the data folder", () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = benchAppEnv(origin, DIST_DIR, { BRIEFS_DATA_DIR: dataDir });
  const token = await createTokenWithAdminCommand(env, { email: EMAIL, scopes: "brief:read", name: "flood" });
  const db = await PGlite.create(path.join(dataDir, "pgdata"));
  await db.query(`UPDATE "User" SET "passwordHash" = $1 WHERE email = $2`, [await hashPassword(PASSWORD), EMAIL]);
  await db.close();

  const app = startBenchServer(port, env);
  await waitUntilMcpReady(app, `${origin}/api/mcp`, token);
  const mcpUrl = `${origin}/api/mcp`;
  const session = await csrf(origin);
  // Warm-up: the first calls of each path compile and open what they need.
  for (let i = 0; i < 5; i++) await toolsList(mcpUrl, token);
  console.log(`warm-up sign-in (right password): HTTP ${await signInAttempt(origin, session, PASSWORD)}`);

  const quiet: number[] = [];
  for (let i = 0; i < SAMPLES; i++) quiet.push(await toolsList(mcpUrl, token));

  const floodStarted = performance.now();
  let floodDone = false;
  const statuses = new Map<number, number>();
  const flood = Promise.all(
    Array.from({ length: ATTEMPTS }, () =>
      signInAttempt(origin, session, "a wrong password").then((status) => statuses.set(status, (statuses.get(status) ?? 0) + 1)),
    ),
  ).then(() => (floodDone = true));
  const flooded: number[] = [];
  while (!floodDone || flooded.length < SAMPLES) {
    flooded.push(await toolsList(mcpUrl, token));
    if (floodDone && flooded.length >= SAMPLES) break;
  }
  await flood;
  const floodMs = performance.now() - floodStarted;

  const q = summary(quiet);
  const f = summary(flooded);
  const ratio = f.p50 / q.p50;
  const fmt = (s: ReturnType<typeof summary>) => `n=${s.n} p50=${s.p50.toFixed(1)} ms p95=${s.p95.toFixed(1)} ms max=${s.max.toFixed(1)} ms`;
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}, Node ${process.version}`);
  console.log(`tools/list quiet:   ${fmt(q)}`);
  console.log(`tools/list flooded: ${fmt(f)}`);
  console.log(`flood: ${ATTEMPTS} sign-ins in ${floodMs.toFixed(0)} ms; answers ${[...statuses].map(([s, n]) => `${n}× HTTP ${s}`).join(", ")}`);
  console.log(`ratio flooded/quiet p50: ${ratio.toFixed(2)} (${ratio <= ALLOWED_RATIO ? "PASS" : "FAIL"}: at most ${ALLOWED_RATIO})`);
  console.log(`RESULT_JSON ${JSON.stringify({ quiet: q, flooded: f, ratio, floodMs, attempts: ATTEMPTS, statuses: Object.fromEntries(statuses) })}`);
  return ratio <= ALLOWED_RATIO ? 0 : 1;
}

runBench(main);
