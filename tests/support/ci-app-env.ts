import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { withClient } from "./fresh-database";

/**
 * The environment of an app that takes signed test reports from a local issuer, on a database of
 * its own: a new PostgreSQL database, or a fresh embedded folder. Its own, because its workers take
 * every due "Briefs" check of the database they run on — another test's too. `remove` drops it.
 */
export async function ciAppEnv(origin: string, issuerUrl: string, extra: Record<string, string> = {}) {
  const base = { AUTH_SECRET: "test-secret-test-secret-test-secret-0123", BRIEFS_SEED_DEMO: "0", APP_URL: origin, BRIEFS_WEBHOOK_ALLOW_LOOPBACK: "1", GITHUB_OIDC_ISSUER: issuerUrl, ...extra };
  if (process.env.BRIEFS_TEST_DB !== "postgres") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-ci-"));
    return { env: { ...base, DATABASE_URL: undefined, BRIEFS_DATA_DIR: dataDir }, remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const admin = process.env.DATABASE_URL!;
  const name = `briefs_ci_${crypto.randomBytes(4).toString("hex")}`;
  await withClient(admin, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    env: { ...base, DATABASE_URL: url.toString(), BRIEFS_DATA_DIR: undefined },
    remove: () => withClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
