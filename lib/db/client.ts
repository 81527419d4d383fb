import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/config/env";
import { applyMigrations, MigrationFailedError } from "./apply-migrations";
import { pgliteSession, postgresSession } from "./sql-sessions";
import { lockDataDir, type DataDirLock } from "./data-dir-lock";
import { loadStoredSecret } from "./stored-secret";
import { closeOnShutdown } from "@/lib/server/graceful-shutdown";
import { pgliteDriver, postgresDriver, type SqlDriver } from "./sql";
import { timedPrisma, timedSql, watchPool } from "@/lib/observe/observe-database";
import { statementAhead } from "./statement-ahead";

type Database = {
  prisma: PrismaClient;
  /** The same database through its driver, for the write paths (lib/db/sql.ts). */
  sql: SqlDriver;
  kind: "pglite" | "postgres";
  /** The embedded database itself, whose notifications are heard in process (lib/live). */
  pglite?: PGlite;
  /** True when this process created the embedded database folder (it then needs a seed). */
  created: boolean;
  /** Migrations this process applied when it opened the database. */
  applied: string[];
  close(): Promise<void>;
};

// One handle per process, also across the module copies a dev server may load.
const holder = globalThis as unknown as { __briefsDatabase?: Promise<Database> };

export function openDatabase(): Promise<Database> {
  holder.__briefsDatabase ??= connect().catch((error) => {
    // A database that is down may come back, so the next call tries again; a migration that
    // failed (and rolled back) fails the same way every time, so it is not run again per request.
    if (!(error instanceof MigrationFailedError)) holder.__briefsDatabase = undefined;
    throw error;
  });
  return holder.__briefsDatabase;
}

export async function getPrisma(): Promise<PrismaClient> {
  const db = await openDatabase();
  // Prisma cannot carry a statement owed ahead (statement-ahead.ts): it is sent alone, and waited for, first.
  await statementAhead((text, params) => db.sql.query(text, params));
  return db.prisma;
}

export async function getSql(): Promise<SqlDriver> {
  return (await openDatabase()).sql;
}

export async function closeDatabase(): Promise<void> {
  const pending = holder.__briefsDatabase;
  holder.__briefsDatabase = undefined;
  if (pending) await (await pending).close();
}

async function connect(): Promise<Database> {
  const config = env();
  return config.DATABASE_URL ? connectPostgres(config.DATABASE_URL, config.BRIEFS_AUTO_MIGRATE) : connectPglite();
}

async function migratePostgres(connectionString: string): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await applyMigrations(postgresSession(client));
  } finally {
    await client.end();
  }
}

async function connectPostgres(connectionString: string, autoMigrate: boolean): Promise<Database> {
  const applied = autoMigrate ? await migratePostgres(connectionString) : [];
  // One pool for Prisma and the driver-level write paths. Pipelined connections let a write send
  // two statements at once (lib/db/sql.ts); one statement at a time, as Prisma sends, is unchanged.
  const pool = new pg.Pool({ connectionString, pipeline: true });
  const prisma = timedPrisma(new PrismaClient({ adapter: new PrismaPg(pool) }));
  watchPool(pool);
  try {
    await loadStoredSecret(prisma);
  } catch (error) {
    await prisma.$disconnect();
    await pool.end().catch(() => {});
    throw error;
  }
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      withdraw();
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    })());
  const withdraw = closeOnShutdown(close);
  return { prisma, sql: timedSql(postgresDriver(pool)), kind: "postgres", created: false, applied, close };
}

async function connectPglite(): Promise<Database> {
  const config = env();
  let lock: DataDirLock | undefined;
  let created = true;
  if (!config.inMemory) {
    lock = await lockDataDir(config.dataDir);
    created = !fs.existsSync(path.join(config.dataDir, "pgdata", "PG_VERSION"));
  }
  const dataDir = config.inMemory ? config.dataDir : path.join(config.dataDir, "pgdata");
  let pglite: PGlite | undefined;
  let prisma: PrismaClient;
  let applied: string[] = [];
  try {
    pglite = await PGlite.create(dataDir);
    if (config.BRIEFS_AUTO_MIGRATE || created) applied = await applyMigrations(pgliteSession(pglite));
    prisma = timedPrisma(new PrismaClient({ adapter: new PrismaPGlite(pglite) }));
    await loadStoredSecret(prisma);
  } catch (error) {
    await pglite?.close().catch(() => {});
    lock?.release();
    throw error;
  }
  const db = pglite;
  let closing: Promise<void> | undefined;
  // PGlite left open at exit recovers on the next start and skips sequence values: close it.
  const close = () =>
    (closing ??= (async () => {
      withdraw();
      await prisma.$disconnect().catch(() => {});
      await db.close().catch(() => {});
      lock?.release();
    })());
  const withdraw = closeOnShutdown(close);
  vacuumPeriodically(db);
  return { prisma, sql: timedSql(pgliteDriver(db)), kind: "pglite", pglite: db, created, applied, close };
}

const VACUUM_INTERVAL_MS = 5 * 60_000;

/**
 * PGlite runs no autovacuum, so rows rewritten by every save (the brief row, updated by every write)
 * would pile up as dead tuples and the folder would grow with each toggle. Reclaim them now and then.
 */
function vacuumPeriodically(pglite: PGlite): void {
  const timer = setInterval(() => {
    pglite.exec("VACUUM").catch((error) => console.warn("Embedded database VACUUM failed:", error));
  }, VACUUM_INTERVAL_MS);
  timer.unref();
}
