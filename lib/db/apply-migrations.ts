import crypto from "node:crypto";
import { readMigrationFiles, type MigrationFile } from "./migration-files";

/**
 * Applies prisma/migrations in order and records them in Prisma's own `_prisma_migrations`
 * table, so `prisma migrate deploy` stays usable wherever Prisma's engines can be downloaded.
 * Each migration runs in one transaction with its record; a failing one leaves nothing behind.
 */
export type SqlSession = {
  query(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  /** Runs a multi-statement script inside one transaction together with `after`. */
  atomically(script: string, after: (tx: SqlSession) => Promise<void>): Promise<void>;
  /** Cross-process mutual exclusion for the duration of `fn` (no-op where one process owns the database). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
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
  constructor(name: string, cause: unknown) {
    super(`Migration ${name} failed and was rolled back: ${cause instanceof Error ? cause.message : String(cause)}`);
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

export async function applyMigrations(
  session: SqlSession,
  files: MigrationFile[] = readMigrationFiles(),
): Promise<string[]> {
  return session.exclusive(async () => {
    await session.query(createTable);
    const rows = await session.query(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(rows.map((r) => [String(r.migration_name), String(r.checksum)]));
    const newlyApplied: string[] = [];
    for (const file of files) {
      const checksum = applied.get(file.name);
      if (checksum !== undefined) {
        if (checksum !== file.checksum) throw new MigrationChecksumError(file.name);
        continue;
      }
      try {
        await session.atomically(file.sql, async (tx) => {
          await tx.query(
            `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
             VALUES ($1, $2, $3, now(), now(), 1)`,
            [crypto.randomUUID(), file.checksum, file.name],
          );
        });
      } catch (error) {
        throw new MigrationFailedError(file.name, error);
      }
      newlyApplied.push(file.name);
    }
    return newlyApplied;
  });
}
