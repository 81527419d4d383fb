import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "@/lib/db/data-dir-lock";

/** Snapshots abandoned by a backup that was killed are removed once this old and no longer locked. */
const ABANDONED_AFTER_MS = 10 * 60_000;

let queue: Promise<unknown> = Promise.resolve();

/**
 * A consistent copy of the running server's embedded database, for a backup to read from
 * without holding the server's one connection for the length of the backup.
 *
 * PGlite has a single connection: any transaction, a long backup read included, makes every
 * other query wait. So the copy is made at the file level instead, inside a transaction that
 * first runs CHECKPOINT: while it holds the connection no statement runs, the folder does not
 * change, and every committed change is in its files or its WAL. The copy is then exactly what
 * a crash at that instant would have left, which PostgreSQL recovers on open to the last commit.
 * Writes wait only for the copy (kernel-side, cloned where the filesystem can), not the backup.
 *
 * One snapshot at a time: a second request waits for the first.
 */
export function snapshotEmbeddedDatabase(pglite: PGlite, dataDir: string): Promise<string> {
  const next = queue.then(() => makeSnapshot(pglite, dataDir));
  queue = next.catch(() => {});
  return next;
}

export function snapshotsDir(dataDir: string): string {
  return path.join(dataDir, "snapshots");
}

async function makeSnapshot(pglite: PGlite, dataDir: string): Promise<string> {
  const root = snapshotsDir(dataDir);
  fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  await removeAbandonedSnapshots(root);
  const folder = fs.mkdtempSync(path.join(root, "snapshot-"));
  const target = path.join(folder, "pgdata");
  try {
    await pglite.transaction(async (tx) => {
      await tx.exec("CHECKPOINT");
      await copyFolder(path.join(dataDir, "pgdata"), target);
    });
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return target;
}

async function copyFolder(from: string, to: string): Promise<void> {
  await fs.promises.mkdir(to, { mode: 0o700 });
  for (const entry of await fs.promises.readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await copyFolder(source, target);
    else if (entry.isFile()) await fs.promises.copyFile(source, target, fs.constants.COPYFILE_FICLONE);
  }
}

/** A backup holds its snapshot's lock while it reads (run-backup.ts); a snapshot nobody holds and that is old was left behind. */
async function removeAbandonedSnapshots(root: string): Promise<void> {
  for (const name of fs.readdirSync(root)) {
    const folder = path.join(root, name);
    if (Date.now() - fs.statSync(folder).mtimeMs < ABANDONED_AFTER_MS) continue;
    try {
      const lock = await lockDataDir(folder);
      lock.release();
    } catch {
      continue;
    }
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
