import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { runTsx } from "../support/spawn-tsx";
import { startReadyApp, waitForHealth, type AppInstance } from "../support/app-server";

async function health(origin: string): Promise<{ status: number; body: unknown; cacheControl: string | null }> {
  const response = await fetch(`${origin}/api/health`);
  return { status: response.status, body: await response.json(), cacheControl: response.headers.get("cache-control") };
}

describe(`GET /api/health on ${process.env.BRIEFS_TEST_DB}`, () => {
  const started: AppInstance[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    await Promise.all(started.map((s) => s.server.stop()));
    for (const cleanup of cleanups) await cleanup();
  });

  it.runIf(process.env.BRIEFS_TEST_DB === "pglite")("answers 200 without authentication once the embedded database is open", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-health-"));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const app = await startReadyApp({ BRIEFS_DATA_DIR: dataDir, DATABASE_URL: undefined });
    started.push(app);
    expect(await health(app.origin)).toEqual({ status: 200, body: { status: "ok" }, cacheControl: "no-store" });
  });

  it.runIf(process.env.BRIEFS_TEST_DB === "postgres")("answers 503 while migrations are pending, and 200 once they are applied", async () => {
    const base = process.env.DATABASE_URL!;
    const name = `briefs_health_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    });
    const url = new URL(base);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), BRIEFS_AUTO_MIGRATE: "0", AUTH_SECRET: undefined };

    const app = await startReadyApp(env, { expectStatus: 503 });
    started.push(app);
    // The verdict and nothing else: no cause, no version, no names.
    expect(await health(app.origin)).toEqual({ status: 503, body: { status: "unavailable" }, cacheControl: "no-store" });
    // The outbox's worker runs all the same, trying again until the database is there.
    await expect.poll(() => app.server.log(), { timeout: 10_000 }).toContain("Delivering events failed; trying again");

    const migrate = await runTsx("scripts/db-migrate.ts", [], env);
    expect(migrate.code).toBe(0);
    await waitForHealth(app.server, app.origin, 200);
    expect(await health(app.origin)).toEqual({ status: 200, body: { status: "ok" }, cacheControl: "no-store" });
  });

  it.runIf(process.env.BRIEFS_TEST_DB === "postgres")("answers 503 while the database cannot be reached, and the server stays up", async () => {
    // Nothing listens on port 1.
    const app = await startReadyApp({ DATABASE_URL: "postgresql://postgres@127.0.0.1:1/briefs", AUTH_SECRET: undefined }, { expectStatus: 503 });
    started.push(app);
    expect(await health(app.origin)).toEqual({ status: 503, body: { status: "unavailable" }, cacheControl: "no-store" });
  });
});
