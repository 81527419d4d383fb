import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { applyMigrations, MigrationChecksumError, MigrationFailedError } from "@/lib/db/apply-migrations";
import { readMigrationFiles, type MigrationFile } from "@/lib/db/migration-files";
import { freshDatabase, type FreshDatabase } from "../support/fresh-database";

function migration(name: string, sql: string): MigrationFile {
  return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
}

describe(`migrations on ${process.env.BRIEFS_TEST_DB}`, () => {
  let db: FreshDatabase;
  afterEach(async () => db?.drop());

  it("apply from zero, record Prisma's table, and are a no-op the second time", async () => {
    db = await freshDatabase();
    const session = await db.session();
    const files = readMigrationFiles();
    expect(files.length).toBeGreaterThan(0);

    expect(await applyMigrations(session, files)).toEqual(files.map((f) => f.name));
    expect(await db.tables()).toEqual(
      expect.arrayContaining(["User", "Project", "Membership", "ApiToken", "Brief", "BriefVersion", "ContentBlob", "Approval", "BriefItem", "IdempotencyReceipt", "_prisma_migrations"]),
    );
    const recorded = await session.query(`SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`);
    expect(recorded.map((r) => [r.migration_name, r.checksum])).toEqual(files.map((f) => [f.name, f.checksum]));
    expect(recorded.every((r) => r.finished_at !== null)).toBe(true);

    expect(await applyMigrations(session, files)).toEqual([]);
  });

  it("refuse a migration whose file changed after it was applied", async () => {
    db = await freshDatabase();
    const session = await db.session();
    await applyMigrations(session, [migration("001_a", `CREATE TABLE a (id int);`)]);
    await expect(applyMigrations(session, [migration("001_a", `CREATE TABLE a (id bigint);`)])).rejects.toBeInstanceOf(
      MigrationChecksumError,
    );
  });

  it("run each migration atomically: a failing one leaves no table and no record", async () => {
    db = await freshDatabase();
    const session = await db.session();
    const good = migration("001_good", `CREATE TABLE good (id int);`);
    const bad = migration("002_bad", `CREATE TABLE half (id int);\nINSERT INTO half VALUES ('not a number');`);
    await expect(applyMigrations(session, [good, bad])).rejects.toBeInstanceOf(MigrationFailedError);
    const tables = await db.tables();
    expect(tables).toContain("good");
    expect(tables).not.toContain("half");
    const names = await session.query(`SELECT migration_name FROM "_prisma_migrations"`);
    expect(names.map((r) => r.migration_name)).toEqual(["001_good"]);
    // Once fixed, the migration applies.
    expect(await applyMigrations(session, [good, migration("002_bad", `CREATE TABLE half (id int);`)])).toEqual(["002_bad"]);
  });

  it("check every applied migration before applying a new one", async () => {
    db = await freshDatabase();
    const session = await db.session();
    await applyMigrations(session, [migration("002_b", `CREATE TABLE b (id int);`)]);
    // 001_a sorts first and is new; 002_b changed after it was applied: nothing is applied.
    await expect(applyMigrations(session, [migration("001_a", `CREATE TABLE a (id int);`), migration("002_b", `CREATE TABLE b (id bigint);`)])).rejects.toBeInstanceOf(
      MigrationChecksumError,
    );
    expect(await db.tables()).not.toContain("a");
  });

  it("refuse a migration that controls its own transaction, applying nothing of it", async () => {
    db = await freshDatabase();
    const session = await db.session();
    await expect(applyMigrations(session, [migration("001_tx", `BEGIN;\nCREATE TABLE t (id int);\nCOMMIT;`)])).rejects.toThrow(/controls its own transaction/);
    expect(await db.tables()).not.toContain("t");
  });

  it.runIf(process.env.BRIEFS_TEST_DB === "postgres").each(["read committed", "serializable"])(
    "apply exactly once when several instances start at the same time (database default isolation: %s)",
    async (isolation) => {
      db = await freshDatabase();
      const files = readMigrationFiles();
      const admin = await db.session();
      await admin.query(`DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET default_transaction_isolation = %L', current_database(), '${isolation}'); END $$`);
      const sessions = await Promise.all(Array.from({ length: 5 }, () => db.session()));
      const results = await Promise.all(sessions.map((s) => applyMigrations(s, files)));
      // Each file applied by exactly one of them (they may share the work).
      expect(results.flat().sort()).toEqual(files.map((f) => f.name).sort());
      const rows = await sessions[0].query(`SELECT count(*)::int AS n FROM "_prisma_migrations"`);
      expect(rows[0].n).toBe(files.length);
    },
  );
});
