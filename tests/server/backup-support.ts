import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll } from "vitest";
import { createTokenWithAdminCommand, type AppInstance } from "../support/app-server";
import { partialInUse } from "@/lib/backup/write-archive";
import { runTsx } from "../support/spawn-tsx";

/**
 * What the backup tests against real servers share (backup-server.test.ts, backup-kills.test.ts):
 * empty databases of the kind under test, a large one, waiting for conditions, and the processes
 * a command leaves. Servers started and folders made are stopped and removed after the file.
 */
export const kind = process.env.BRIEFS_TEST_DB === "postgres" ? "postgres" : "pglite";
export const started: AppInstance[] = [];
export const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.server.stop()));
  for (const cleanup of cleanups.reverse()) await cleanup();
});

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An empty database of the kind under test: an embedded folder that does not exist yet, or a new PostgreSQL database. */
export async function emptyDatabase(): Promise<{ env: Record<string, string | undefined>; query: (sql: string) => Promise<Array<Record<string, unknown>>> }> {
  if (kind === "pglite") {
    const dataDir = path.join(tempDir("briefs-backup-server-"), "data");
    const query = async (sql: string) => {
      const db = await PGlite.create(path.join(dataDir, "pgdata"));
      try {
        return (await db.query<Record<string, unknown>>(sql)).rows;
      } finally {
        await db.close();
      }
    };
    return { env: { BRIEFS_DATA_DIR: dataDir, DATABASE_URL: undefined, AUTH_SECRET: undefined }, query };
  }
  const base = process.env.DATABASE_URL!;
  const name = `briefs_backup_${crypto.randomBytes(4).toString("hex")}`;
  await onDatabase(base, `CREATE DATABASE "${name}"`);
  cleanups.push(async () => void (await onDatabase(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)));
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString(), AUTH_SECRET: undefined }, query: (sql) => onDatabase(url.toString(), sql) };
}

export async function onDatabase(url: string, sql: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** A database with a project, a brief and a token, made through the operator's command and the MCP door. */
export async function databaseWithBrief() {
  const db = await emptyDatabase();
  const token = await createTokenWithAdminCommand(db.env, { email: `pm-${crypto.randomBytes(3).toString("hex")}@example.com`, scopes: "brief:read,brief:write", name: "pm" });
  return { ...db, token };
}

/** The demo data, made by the app's own seed, and 80 evidence files of 512 KB: a backup of it takes a while. */
export async function largeDatabase() {
  const db = await emptyDatabase();
  const seeded = await runTsx("scripts/db-seed.ts", [], db.env);
  if (seeded.code !== 0) throw new Error(`The seed failed: ${seeded.stderr}`);
  await makeLarge(db.query, 80);
  return db;
}

async function makeLarge(query: (sql: string) => Promise<unknown>, count: number): Promise<void> {
  // PostgreSQL backs up fast enough that only bytes that do not compress keep it busy long enough to be killed mid-write.
  const bytes =
    kind === "postgres" ? `(SELECT string_agg(replace(gen_random_uuid()::text, '-', ''), '') FROM generate_series(1, 32768) i WHERE n > 0)` : `repeat(md5(random()::text || n), 32768)`;
  await query(
    `INSERT INTO "EvidenceFile" (id, "briefId", name, "mediaType", size, sha256, bytes, "createdById", "createdAt")
     SELECT gen_random_uuid()::text, b.id, 'large-' || n || '.png', 'image/png', 524288, repeat('0', 64),
            decode(${bytes}, 'hex'), b."createdById", now()
       FROM (SELECT id, "createdById" FROM "Brief" ORDER BY id LIMIT 1) b, generate_series(1, ${count}) n`,
  );
}

export function waitFor<T>(condition: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  return (async () => {
    for (;;) {
      const value = await condition();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
      // A poll interval while the condition is checked, not a guess at how long anything takes.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
}

export function childPids(pid: number): number[] {
  const all: number[] = [];
  const walk = (parent: number) => {
    let children: string[] = [];
    try {
      children = fs.readFileSync(`/proc/${parent}/task/${parent}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    } catch {
      return;
    }
    for (const child of children.map(Number)) {
      all.push(child);
      walk(child);
    }
  };
  walk(pid);
  return all;
}

export function partialWriterRuns(folder: string, name: string): Promise<boolean> {
  return partialInUse(path.join(folder, name));
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z");
  } catch {
    return false;
  }
}
