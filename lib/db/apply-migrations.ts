import crypto from "node:crypto";
import { readMigrationFiles, type MigrationFile } from "./migration-files";

/**
 * Applies prisma/migrations in order and records them in Prisma's own `_prisma_migrations`
 * table, so `prisma migrate deploy` stays usable wherever Prisma's engines can be downloaded.
 * Each migration runs in one transaction with its record; a failing one leaves nothing behind.
 */
export type SqlSession = {
  query(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  /**
   * Runs `fn` in one transaction that first takes the migration lock, transaction-scoped, so that
   * instances starting together apply each migration once, also through a transaction-mode pooler
   * (where a session-level lock would stay behind on whichever server connection took it).
   */
  locked<T>(fn: (tx: MigrationTransaction) => Promise<T>): Promise<T>;
};

export type MigrationTransaction = {
  query(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  /** A multi-statement script without parameters. */
  script(sql: string): Promise<void>;
};

export class MigrationChecksumError extends Error {
  constructor(name: string) {
    super(
      `Migration ${name} was changed after it was applied to this database. ` +
        `Restore the original file and put the change into a new migration (npm run db:migration:new -- <name>).`,
    );
    this.name = "MigrationChecksumError";
  }
}

export class MigrationFailedError extends Error {
  constructor(
    readonly migration: string,
    cause: unknown,
  ) {
    super(`Migration ${migration} failed and was rolled back: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "MigrationFailedError";
  }
}

const createTable = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

const appliedMigrations = `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;

// A script's own BEGIN or COMMIT would end the transaction its migration runs in, and the lock with it.
const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|START\s+TRANSACTION)\s*;/im;

export async function applyMigrations(
  session: SqlSession,
  files: MigrationFile[] = readMigrationFiles(),
): Promise<string[]> {
  // Every migration applied already must be unchanged before anything new is applied.
  const applied = await session.locked(async (tx) => {
    await tx.query(createTable);
    return new Map((await tx.query(appliedMigrations)).map((r) => [String(r.migration_name), String(r.checksum)]));
  });
  for (const file of files) {
    const checksum = applied.get(file.name);
    if (checksum !== undefined && checksum !== file.checksum) throw new MigrationChecksumError(file.name);
  }
  const newlyApplied: string[] = [];
  // One transaction per pending migration, deciding under the lock whether it is still to do: an
  // instance that waited finds it applied by the one before and goes on to the next.
  for (const file of files.filter((f) => !applied.has(f.name))) {
    const appliedHere = await session.locked(async (tx) => {
      const [row] = await tx.query(`${appliedMigrations} AND migration_name = $1 LIMIT 1`, [file.name]);
      if (row) {
        if (String(row.checksum) !== file.checksum) throw new MigrationChecksumError(file.name);
        return false;
      }
      await runMigration(tx, file);
      return true;
    });
    if (appliedHere) newlyApplied.push(file.name);
  }
  return newlyApplied;
}

/** Creates Prisma's record table when missing; part of whatever transaction `tx` is. */
export async function ensureMigrationTable(tx: MigrationTransaction): Promise<void> {
  await tx.query(createTable);
}

/**
 * Runs one migration and records it, inside the caller's transaction: the runner above gives each
 * its own, a restore (lib/backup) runs them all in the one transaction that loads the data.
 */
export async function runMigration(tx: MigrationTransaction, file: MigrationFile): Promise<void> {
  if (TRANSACTION_CONTROL.test(file.sql)) {
    throw new MigrationFailedError(file.name, new Error("it controls its own transaction (BEGIN/COMMIT); each migration runs in one transaction of the runner's"));
  }
  try {
    await tx.script(file.sql);
  } catch (error) {
    throw new MigrationFailedError(file.name, error);
  }
  await tx.query(
    `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
     VALUES ($1, $2, $3, now(), now(), 1)`,
    [crypto.randomUUID(), file.checksum, file.name],
  );
}
