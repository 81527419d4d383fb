import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/config/env";
import { DataDirInUseError, lockDataDir, type DataDirLock } from "@/lib/db/data-dir-lock";
import { adminSocketPath, requestSnapshot } from "./admin-socket";
import type { Manifest } from "./archive-manifest";
import { backupPgliteFolder, backupPostgres } from "./backup-database";

export type BackupRoute = "postgres" | "embedded, stopped" | "embedded, through the running server";

/**
 * `npm run admin -- backup --out FILE`, from the server's own environment: PostgreSQL by
 * DATABASE_URL; else the embedded folder, read directly when no server holds it, and otherwise
 * from a consistent copy the running server makes on request (admin-socket.ts).
 */
export async function runBackup(out: string): Promise<{ manifest: Manifest; route: BackupRoute }> {
  const config = env();
  if (config.DATABASE_URL) return { manifest: await backupPostgres(config.DATABASE_URL, out), route: "postgres" };
  if (config.inMemory) throw new Error("BRIEFS_DATA_DIR is memory://: an in-memory database lives only inside its server and cannot be backed up.");
  const pgdata = path.join(config.dataDir, "pgdata");
  if (!fs.existsSync(path.join(pgdata, "PG_VERSION"))) throw new Error(`There is no embedded database in ${config.dataDir} (BRIEFS_DATA_DIR) to back up.`);
  let lock: DataDirLock | undefined;
  let inUse: DataDirInUseError | undefined;
  try {
    lock = await lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    inUse = error;
  }
  if (lock) {
    try {
      return { manifest: await backupPgliteFolder(pgdata, out), route: "embedded, stopped" };
    } finally {
      lock.release();
    }
  }
  // The holder may be no server at all (another backup, an admin command): then it has no socket, and its own name says most.
  const snapshot = await requestSnapshot(config.dataDir).catch((error: unknown) => {
    throw fs.existsSync(adminSocketPath(config.dataDir)) ? error : new Error(`${inUse!.message} A backup while it runs is made through a running server of this version only.`);
  });
  const folder = path.dirname(snapshot);
  // Held while the copy is read, so the server never takes it for one a killed backup left behind.
  const hold = await lockDataDir(folder);
  try {
    return { manifest: await backupPgliteFolder(snapshot, out), route: "embedded, through the running server" };
  } finally {
    hold.release();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
