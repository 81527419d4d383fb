import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { freePort } from "../../tests/support/app-server";
import { serverLogFile } from "./servers";

/** PostgreSQL for the specs that need several instances: CI and `npm test` on a machine with it set. */
export const postgresUrl = process.env.TEST_DATABASE_URL;

export type Instances = {
  origins: string[];
  /** Ends every listening connection of the instances (as a failover or a killed backend would). */
  terminateListeners(): Promise<number>;
  stop(): Promise<void>;
};

async function onDatabase<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function waitForHealth(origin: string, child: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app at ${origin} exited (${child.exitCode}):\n${fs.readFileSync(log, "utf8")}`);
    const status = await fetch(`${origin}/api/health`).then((r) => r.status, () => 0);
    if (status === 200) return;
    // Not up yet: ask again shortly (a poll interval, not a guess at how long start-up takes).
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The app at ${origin} did not become ready:\n${fs.readFileSync(log, "utf8")}`);
}

/**
 * `count` instances of the built app on one fresh PostgreSQL database, as behind a load balancer,
 * each with the environment of the main e2e server plus `envs[i]`. Their output goes to the file the
 * mail helpers read (e2e/support/mail-log.ts), so sign-up works on them as on the main server.
 */
export async function startInstancesOnPostgres(count: number, envs: Record<string, string>[] = []): Promise<Instances> {
  const admin = postgresUrl!;
  const name = `briefs_e2e_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  await onDatabase(admin, `CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once("exit", () => resolve());
            process.kill(-child.pid!, "SIGTERM");
          }),
      ),
    );
    await onDatabase(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  try {
    const origins: string[] = [];
    // One after the other: the first applies the migrations.
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const log = serverLogFile(origin);
      fs.mkdirSync(path.dirname(log), { recursive: true });
      const out = fs.openSync(log, "w");
      const child = spawn(path.join("node_modules", ".bin", "next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
        detached: true,
        stdio: ["ignore", out, out],
        env: {
          ...process.env,
          NODE_ENV: "production",
          NEXT_MANUAL_SIG_HANDLE: "1",
          NEXT_TELEMETRY_DISABLED: "1",
          DATABASE_URL: databaseUrl,
          APP_URL: origin,
          AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
          BRIEFS_SEED_DEMO: "0",
          BRIEFS_SIGNUP: "open",
          BRIEFS_RATE_LIMITS: "sign-up-address=1000/1h",
          SMTP_URL: "",
          ...envs[i],
        },
      });
      children.push(child);
      await waitForHealth(origin, child, log);
      origins.push(origin);
    }
    return {
      origins,
      async terminateListeners() {
        const rows = await onDatabase<{ ended: boolean }>(
          databaseUrl,
          `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = 'briefs-live' AND datname = current_database()`,
        );
        return rows.filter((row) => row.ended).length;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
