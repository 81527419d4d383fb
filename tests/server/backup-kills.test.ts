import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "@/lib/backup/read-archive";
import { startReadyApp, waitForHealth } from "../support/app-server";
import { collect, runTsx, spawnTsx } from "../support/spawn-tsx";
import { childPids, emptyDatabase, isRunning, kind, largeDatabase, onDatabase, partialWriterRuns, started, tempDir, waitFor } from "./backup-support";

/**
 * Bad times, with real processes: kill -9 of a backup, of a restore and of a server in the middle
 * of one, and a migration that fails at start.
 */
describe(`backups and restores killed with SIGKILL (${kind})`, () => {
  it("a backup killed mid-write leaves no archive under its name, and the next one cleans up", async () => {
    const db = await largeDatabase();
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
    const [{ files }] = await target.query(`SELECT count(*)::int AS files FROM "EvidenceFile" WHERE name LIKE 'large-%'`);
    expect(files).toBe(80);
  });

  it.runIf(kind === "pglite")("a server killed during a scheduled backup leaves no archive under a final name, and its next start cleans up", async () => {
    const db = await largeDatabase();
    const folder = path.join(tempDir("briefs-killed-server-"), "backups");
    const env = { ...db.env, BRIEFS_BACKUP_DIR: folder, BRIEFS_BACKUP_EVERY: "1h" };
    const app = await startReadyApp(env);
    await waitFor(() => fs.existsSync(folder) && fs.readdirSync(folder).some((name) => name.endsWith(".partial") && fs.statSync(path.join(folder, name)).size > 0), "the scheduled backup to be writing");
    // The server's whole process group: the server and the backup it started.
    process.kill(-app.server.child.pid!, "SIGKILL");
    await app.server.exited;
    await waitFor(async () => (await Promise.all(fs.readdirSync(folder).filter((name) => name.endsWith(".partial")).map((name) => partialWriterRuns(folder, name)))).every((runs) => !runs), "the backup's process to end");
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
    // One JSON line a message under `npm start` (lib/observe).
    expect(npmStart.stdout + npmStart.stderr).toContain(`Migration ${next} failed and was rolled back`);

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
