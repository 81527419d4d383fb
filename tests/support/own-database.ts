import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { withClient } from "./fresh-database";

/**
 * The environment of an app on a database of its own: a new PostgreSQL database, or a fresh
 * embedded folder. Its own when its workers must see only this test's work (they take whatever is
 * due in the database they run on). Loopback webhooks are allowed. `remove` drops it.
 */
export async function ownDatabaseEnv(origin: string, extra: Record<string, string> = {}) {
  const base = { AUTH_SECRET: "test-secret-test-secret-test-secret-0123", BRIEFS_SEED_DEMO: "0", APP_URL: origin, BRIEFS_WEBHOOK_ALLOW_LOOPBACK: "1", ...extra };
  if (process.env.BRIEFS_TEST_DB !== "postgres") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-own-"));
    return { env: { ...base, DATABASE_URL: undefined, BRIEFS_DATA_DIR: dataDir }, remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const admin = process.env.DATABASE_URL!;
  const name = `briefs_own_${crypto.randomBytes(4).toString("hex")}`;
  await withClient(admin, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    env: { ...base, DATABASE_URL: url.toString(), BRIEFS_DATA_DIR: undefined },
    remove: () => withClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
