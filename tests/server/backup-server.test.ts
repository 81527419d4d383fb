import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { verifyArchive } from "@/lib/backup/read-archive";
import { createTokenWithAdminCommand, startReadyApp, waitForHealth, type AppInstance } from "../support/app-server";
import { collect, runTsx, spawnTsx } from "../support/spawn-tsx";
import { Webhook } from "standardwebhooks";
import { webhookReceiver } from "../support/webhook-receiver";
import { newKey, toolOk } from "./mcp-calls";

/**
 * Backups against real servers and real processes: a backup while the server runs and takes
 * writes, scheduled backups and what /api/health says of them, kill -9 of a backup, of a restore
 * and of a server in the middle of one, and a migration that fails at start.
 */
const kind = process.env.BRIEFS_TEST_DB === "postgres" ? "postgres" : "pglite";
const started: AppInstance[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.server.stop()));
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An empty database of the kind under test: an embedded folder that does not exist yet, or a new PostgreSQL database. */
async function emptyDatabase(): Promise<{ env: Record<string, string | undefined>; query: (sql: string) => Promise<Array<Record<string, unknown>>> }> {
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

async function onDatabase(url: string, sql: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** A database with a project, a brief and a token, made through the operator's command and the MCP door. */
async function databaseWithBrief() {
  const db = await emptyDatabase();
  const token = await createTokenWithAdminCommand(db.env, { email: `pm-${crypto.randomBytes(3).toString("hex")}@example.com`, scopes: "brief:read,brief:write", name: "pm" });
  return { ...db, token };
}

/** Adds `count` evidence files of 512 KB to the first brief, so a backup of it takes a while. */
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

function waitFor<T>(condition: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 60_000): Promise<T> {
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

describe(`backups of a running server (${kind})`, () => {
  it("backs up while the server takes writes: the archive is one point in time, with every write acknowledged before it", async () => {
    const db = await databaseWithBrief();
    const app = await startReadyApp(db.env);
    started.push(app);
    const { project } = await toolOk(app.origin, db.token, "project_create", { name: "Backed up", idempotencyKey: newKey() });
    const { brief } = await toolOk(app.origin, db.token, "brief_create", { projectId: project.id, title: "Under load", idempotencyKey: newKey() });

    let acknowledged = 1;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const updated = await toolOk(app.origin, db.token, "brief_update", { briefId: brief.id, content: { goal: `Goal ${acknowledged + 1}` }, idempotencyKey: newKey() });
        acknowledged = updated.brief.versionNum as number;
      }
    })();
    await waitFor(() => acknowledged >= 5, "the first writes");
    const out = path.join(tempDir("briefs-archive-"), "running.tar.gz");
    const before = acknowledged;
    const backup = await runTsx("scripts/admin.ts", ["backup", "--out", out], db.env);
    const after = acknowledged;
    // Writes kept being acknowledged while the backup ran: it held nothing they waited for.
    await waitFor(() => acknowledged > after + 2, "writes after the backup");
    writing = false;
    await writer;
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    if (kind === "pglite") expect(backup.stdout).toContain("through the running server");

    const manifest = await verifyArchive(out);
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    const target = await emptyDatabase();
    expect((await runTsx("scripts/admin.ts", ["restore", out], target.env)).code).toBe(0);
    const versions = (await target.query(`SELECT "versionNum" AS n FROM "BriefVersion" WHERE "briefId" = '${brief.id}' ORDER BY 1`)).map((r) => Number(r.n));
    const [{ current }] = await target.query(`SELECT "versionNum" AS current FROM "Brief" WHERE id = '${brief.id}'`);
    // Contiguous, ending where the brief row says: one point in time.
    expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => i + 1));
    expect(Number(current)).toBe(versions.length);
    expect(versions.length).toBeGreaterThanOrEqual(before);
    expect(versions.length).toBeLessThanOrEqual(after + 1);
    expect(manifest.rowCounts.BriefVersion).toBeGreaterThanOrEqual(versions.length);

    // The restored copy is read by today's code with the same token: every version's hash matches its content.
    const read = await runTsx("tests/backup/read-restored.ts", [db.token], target.env);
    expect(read.code).toBe(0);
    const seen = JSON.parse(read.stdout.trim().split("\n").at(-1)!) as { briefs: Array<{ id: string; versions: Array<{ hash: string; hashOfContent: string }> }> };
    const restored = seen.briefs.find((b) => b.id === brief.id)!;
    expect(restored.versions).toHaveLength(versions.length);
    for (const version of restored.versions) expect(version.hashOfContent).toBe(version.hash);
  });

  it.runIf(kind === "pglite")("makes scheduled backups, keeps the newest N, and shows a failure and the last good time in /api/health", async () => {
    const db = await databaseWithBrief();
    const folder = path.join(tempDir("briefs-scheduled-"), "backups");
    const app = await startReadyApp({ ...db.env, BRIEFS_BACKUP_DIR: folder, BRIEFS_BACKUP_EVERY: "1s", BRIEFS_BACKUP_KEEP: "2" });
    started.push(app);
    const health = async () => (await (await fetch(`${app.origin}/api/health`)).json()) as { status: string; details?: { backups?: { lastGoodAt: string | null; lastFailure: { at: string; message: string } | null } } };
    const written = () => (app.server.log().match(/Scheduled backup written/g) ?? []).length;
    await waitFor(() => written() >= 3, "three scheduled backups");
    const archives = fs.readdirSync(folder).filter((name) => name.endsWith(".tar.gz"));
    expect(archives.length).toBe(2);
    for (const name of archives) await verifyArchive(path.join(folder, name));
    const good = await health();
    expect(good.status).toBe("ok");
    expect(Date.parse(good.details!.backups!.lastGoodAt!)).toBeGreaterThan(Date.now() - 60_000);

    // The folder goes away and a file takes its place: the next backup fails, loudly.
    fs.rmSync(folder, { recursive: true });
    fs.writeFileSync(folder, "not a folder");
    const failed = await waitFor(async () => {
      const answer = await health();
      return answer.details?.backups?.lastFailure ? answer : undefined;
    }, "a failed backup in /api/health");
    expect(failed.status).toBe("ok");
    expect(failed.details!.backups!.lastGoodAt).not.toBeNull();
    expect(failed.details!.backups!.lastFailure!.message).not.toMatch(/\/tmp\//);
    expect(app.server.log()).toContain("Scheduled backup failed");

    fs.rmSync(folder);
    fs.mkdirSync(folder);
    await waitFor(async () => (await health()).details?.backups?.lastFailure === null || undefined, "a good backup again");
  });
});

describe(`a restored server carries on where the backed-up one was (${kind})`, () => {
  it("keeps the server secret, webhook secrets, delivered events and idempotency receipts", async () => {
    const db = await emptyDatabase();
    const email = `owner-${crypto.randomBytes(3).toString("hex")}@example.com`;
    const token = await createTokenWithAdminCommand(db.env, { email, scopes: "brief:read,brief:write", name: "agent" });
    const project = await runTsx("scripts/admin.ts", ["create-project", "--name", "Hooks", "--owner", email], db.env);
    const projectId = project.stdout.trim().split("\n").at(-1)!;
    const receiver = await webhookReceiver();
    cleanups.push(() => receiver.stop());
    const hook = await runTsx("scripts/admin.ts", ["create-webhook", "--project", projectId, "--url", receiver.url()], { ...db.env, BRIEFS_WEBHOOK_ALLOW_LOOPBACK: "1" });
    const secret = hook.stdout.trim().split("\n").at(-1)!;
    const env = { ...db.env, BRIEFS_WEBHOOK_ALLOW_LOOPBACK: "1" };

    const before = await startReadyApp(env);
    const { brief } = await toolOk(before.origin, token, "brief_create", { projectId, title: "Hooked", idempotencyKey: newKey() });
    const key = newKey();
    const update = { briefId: brief.id, content: { goal: "Sent once" }, idempotencyKey: key };
    const first = await toolOk(before.origin, token, "brief_update", update);
    await waitFor(() => receiver.received.length >= 2, "the first events' delivery");
    const out = path.join(tempDir("briefs-carry-on-"), "hooks.tar.gz");
    expect((await runTsx("scripts/admin.ts", ["backup", "--out", out], env)).code).toBe(0);
    await before.server.stop();

    const target = await emptyDatabase();
    expect((await runTsx("scripts/admin.ts", ["restore", out], target.env)).code).toBe(0);
    const delivered = new Set(receiver.received.map((r) => r.id));
    const after = await startReadyApp({ ...target.env, BRIEFS_WEBHOOK_ALLOW_LOOPBACK: "1" });
    started.push(after);

    // The same token; the same key replays the stored answer instead of writing again.
    const replayed = await toolOk(after.origin, token, "brief_update", update);
    expect(replayed).toEqual(first);
    const full = await toolOk(after.origin, token, "brief_get_full", { briefId: brief.id });
    expect(full.brief.versionNum).toBe(first.brief.versionNum);

    // A new write's event goes out, signed with the same secret; none delivered before is sent again.
    const count = receiver.received.length;
    await toolOk(after.origin, token, "brief_update", { briefId: brief.id, content: { goal: "After the move" }, idempotencyKey: newKey() });
    const next = (first.brief.versionNum as number) + 1;
    const fresh = await waitFor(() => receiver.received.slice(count).find((r) => (JSON.parse(r.body) as { data: { versionNum?: number } }).data.versionNum === next), "the new write's event");
    expect(() => new Webhook(secret).verify(fresh.body, fresh.headers)).not.toThrow();
    expect(receiver.received.slice(count).filter((r) => delivered.has(r.id))).toEqual([]);
  });
});

describe(`backups and restores killed with SIGKILL (${kind})`, () => {
  it("a backup killed mid-write leaves no archive under its name, and the next one cleans up", async () => {
    const db = await databaseWithBrief();
    if (kind === "pglite") {
      // Made through the service once, so the folder has a brief to hang the files on.
      const app = await startReadyApp(db.env);
      const { project } = await toolOk(app.origin, db.token, "project_create", { name: "Large", idempotencyKey: newKey() });
      await toolOk(app.origin, db.token, "brief_create", { projectId: project.id, title: "Large", idempotencyKey: newKey() });
      await app.server.stop();
    } else {
      const app = await startReadyApp(db.env);
      const { project } = await toolOk(app.origin, db.token, "project_create", { name: "Large", idempotencyKey: newKey() });
      await toolOk(app.origin, db.token, "brief_create", { projectId: project.id, title: "Large", idempotencyKey: newKey() });
      await app.server.stop();
    }
    await makeLarge(db.query, 80);
    const folder = tempDir("briefs-killed-backup-");
    const out = path.join(folder, "large.tar.gz");
    const child = spawnTsx("scripts/admin.ts", ["backup", "--out", out], db.env);
    const finished = collect(child);
    await waitFor(() => fs.readdirSync(folder).some((name) => name.endsWith(".partial") && fs.statSync(path.join(folder, name)).size > 0), "a partial archive being written");
    // tsx runs the script in a child of its own: both are killed.
    const pids = childPids(child.pid!);
    child.kill("SIGKILL");
    for (const pid of pids) process.kill(pid, "SIGKILL");
    await finished;
    await waitFor(() => pids.every((pid) => !isRunning(pid)), "the backup's processes to end");
    expect(fs.existsSync(out)).toBe(false);

    expect(fs.readdirSync(folder).filter((name) => name.endsWith(".partial"))).toHaveLength(1);
    const again = await runTsx("scripts/admin.ts", ["backup", "--out", out], db.env);
    expect(again.code).toBe(0);
    await verifyArchive(out);
    expect(fs.readdirSync(folder)).toEqual(["large.tar.gz"]);

    // A restore of it, killed while it loads, leaves the target empty; a second restore then succeeds.
    const target = await emptyDatabase();
    const restore = spawnTsx("scripts/admin.ts", ["restore", out], target.env);
    const restoring = collect(restore);
    if (kind === "pglite") {
      const dataDir = target.env.BRIEFS_DATA_DIR!;
      await waitFor(() => fs.existsSync(dataDir) && fs.readdirSync(dataDir).some((name) => name.startsWith("pgdata.restoring-") && fs.existsSync(path.join(dataDir, name, "PG_VERSION"))), "the restore to start loading");
    } else {
      await waitFor(async () => (await onDatabase(target.env.DATABASE_URL!, `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'INSERT INTO%'`)).length > 0, "the restore to start loading");
    }
    const restorePids = childPids(restore.pid!);
    restore.kill("SIGKILL");
    for (const pid of restorePids) process.kill(pid, "SIGKILL");
    await restoring;
    if (kind === "pglite") {
      expect(fs.existsSync(path.join(target.env.BRIEFS_DATA_DIR!, "pgdata"))).toBe(false);
    } else {
      // The killed connection's transaction is rolled back once PostgreSQL notices it is gone.
      await waitFor(async () => (await onDatabase(target.env.DATABASE_URL!, `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)).length === 0, "the killed restore's connection to end");
      expect(await target.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`)).toEqual([]);
    }
    const second = await runTsx("scripts/admin.ts", ["restore", out], target.env);
    expect(second.stderr).toBe("");
    expect(second.code).toBe(0);
    const [{ files }] = await target.query(`SELECT count(*)::int AS files FROM "EvidenceFile"`);
    expect(files).toBe(80);
  });

  it.runIf(kind === "pglite")("a server killed during a scheduled backup leaves no archive under a final name, and its next start cleans up", async () => {
    const db = await databaseWithBrief();
    {
      const app = await startReadyApp(db.env);
      const { project } = await toolOk(app.origin, db.token, "project_create", { name: "Large", idempotencyKey: newKey() });
      await toolOk(app.origin, db.token, "brief_create", { projectId: project.id, title: "Large", idempotencyKey: newKey() });
      await app.server.stop();
    }
    await makeLarge(db.query, 80);
    const folder = path.join(tempDir("briefs-killed-server-"), "backups");
    const env = { ...db.env, BRIEFS_BACKUP_DIR: folder, BRIEFS_BACKUP_EVERY: "1h" };
    const app = await startReadyApp(env);
    await waitFor(() => fs.existsSync(folder) && fs.readdirSync(folder).some((name) => name.endsWith(".partial") && fs.statSync(path.join(folder, name)).size > 0), "the scheduled backup to be writing");
    // The server's whole process group: the server and the backup it started.
    process.kill(-app.server.child.pid!, "SIGKILL");
    await app.server.exited;
    await waitFor(() => fs.readdirSync(folder).every((name) => !name.endsWith(".partial") || !partialWriterRuns(name)), "the backup's process to end");
    expect(fs.readdirSync(folder).filter((name) => name.endsWith(".tar.gz"))).toEqual([]);

    const restarted = await startReadyApp(env);
    started.push(restarted);
    await waitFor(() => restarted.server.log().includes("Scheduled backup written"), "the next scheduled backup");
    const names = fs.readdirSync(folder);
    expect(names.filter((name) => name.endsWith(".partial"))).toEqual([]);
    expect(names.filter((name) => name.endsWith(".tar.gz"))).toHaveLength(1);
    await verifyArchive(path.join(folder, names.find((name) => name.endsWith(".tar.gz"))!));
  });
});

describe(`a migration that fails at start (${kind})`, () => {
  it("leaves the data as it was; npm start refuses, naming the migration, and /api/health says why", async () => {
    const target = await emptyDatabase();
    const archive = path.join(process.cwd(), "tests", "backup", "upgrade-archives", "20261126222759_live_updates.tar.gz");
    // Restored, then kept at that schema: a restore migrates forward, so the newer migrations are taken off again.
    const restored = await runTsx("scripts/admin.ts", ["restore", archive], target.env);
    expect(restored.code).toBe(0);
    const next = "20261127031912_outbox_and_webhooks";
    // What the next migration will trip over: a table of the name it creates, made by hand.
    await target.query(`DELETE FROM "_prisma_migrations" WHERE migration_name >= '${next}'`);
    await target.query(`DROP TABLE IF EXISTS "WebhookDelivery", "WebhookEndpoint", "OutboxEvent", "Share", "Notification", "NotificationSetting", "Watch", "LiveSignal" CASCADE`);
    await target.query(`CREATE TABLE "OutboxEvent" (id int)`);
    const briefsBefore = await target.query(`SELECT id, title, "versionNum" FROM "Brief" ORDER BY id`);

    const npmStart = await runTsx("scripts/run-app.ts", ["start", "-p", "1"], { ...target.env, NODE_ENV: "production" });
    expect(npmStart.code).not.toBe(0);
    expect(npmStart.stderr).toContain(`Migration ${next} failed and was rolled back`);

    const app = await startReadyApp(target.env, { expectStatus: 503 });
    started.push(app);
    await waitForHealth(app.server, app.origin, 503);
    const answer = (await (await fetch(`${app.origin}/api/health`)).json()) as { status: string; details?: { startup?: { failedMigration: string } } };
    expect(answer.status).toBe("unavailable");
    expect(answer.details?.startup?.failedMigration).toBe(next);
    await app.server.stop();

    expect(await target.query(`SELECT id, title, "versionNum" FROM "Brief" ORDER BY id`)).toEqual(briefsBefore);
    const applied = (await target.query(`SELECT migration_name FROM "_prisma_migrations" ORDER BY 1`)).map((r) => r.migration_name);
    expect(applied.at(-1)).toBe("20261126222759_live_updates");
  });
});

function childPids(pid: number): number[] {
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

function partialWriterRuns(name: string): boolean {
  return isRunning(Number(/\.(\d+)\.[0-9a-f]{8}\.partial$/.exec(name)?.[1]));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z");
  } catch {
    return false;
  }
}
