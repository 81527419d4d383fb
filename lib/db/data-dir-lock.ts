import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * PGlite has no lock of its own: a second process opening the same folder would silently
 * diverge from the first. A lock file naming the holder makes the second process fail at once.
 */
type Holder = { pid: number; hostname: string; command: string; startedAt: string };

export class DataDirInUseError extends Error {
  constructor(dir: string, holder: Holder) {
    super(
      `The embedded database in ${dir} is in use by process ${holder.pid} on ${holder.hostname} ` +
        `(${holder.command}, since ${holder.startedAt}). Stop that process first, ` +
        `or point BRIEFS_DATA_DIR at another folder, or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = "DataDirInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(file: string): Holder | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Holder;
  } catch {
    return undefined;
  }
}

export type DataDirLock = { release(): void };

export function lockDataDir(dir: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "briefs.lock");
  const me: Holder = {
    pid: process.pid,
    hostname: os.hostname(),
    command: process.argv.slice(1).map((a) => path.basename(a)).join(" ").slice(0, 200),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: "wx" });
      return {
        release() {
          if (readHolder(file)?.pid === me.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(file);
      const stale = holder !== undefined && holder.hostname === me.hostname && !isAlive(holder.pid);
      // A lock file that is being written right now reads as garbage: treat it as held.
      if (!stale) throw new DataDirInUseError(dir, holder ?? { ...me, pid: -1, command: "unknown" });
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(dir, readHolder(file) ?? { ...me, pid: -1, command: "unknown" });
}
