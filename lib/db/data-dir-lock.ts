import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * PGlite has no lock of its own: a second process opening the same folder would silently diverge
 * from the first. The holder keeps `briefs.lock` open with an advisory lock on it, which the kernel
 * releases the moment the process ends, however it ends (kill -9, a crash, a container restart
 * that reuses the pid). The file also names the holder, so the second process can say who it is.
 *
 * Where the native lock cannot load (a platform without a prebuilt binary, such as musl), the
 * named holder alone decides: it counts only while that process runs, is not a zombie and is
 * not this very process.
 */
type Holder = { pid: number; hostname: string; command: string; startedAt: string };

export type KernelLocks = { tryLock(fd: number): boolean; unlock(fd: number): void };

export class DataDirInUseError extends Error {
  constructor(dir: string, holder: Holder | undefined) {
    const who = holder
      ? `process ${holder.pid} on ${holder.hostname} (${holder.command}, since ${holder.startedAt})`
      : "another process";
    super(
      `The embedded database in ${dir} is in use by ${who}. Stop that process first, ` +
        `or point BRIEFS_DATA_DIR at another folder, or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = "DataDirInUseError";
  }
}

export type DataDirLock = { release(): void };

let kernelLocks: KernelLocks | null | undefined;

/** The kernel's advisory locks on an open file (null where the native module cannot load). */
export async function loadKernelLocks(): Promise<KernelLocks | null> {
  if (kernelLocks === undefined) {
    try {
      const loaded = await import("fs-native-extensions");
      kernelLocks = (loaded.default ?? loaded) as KernelLocks;
    } catch (error) {
      console.warn("Advisory file locks are unavailable here; the data folder lock falls back to the holder's pid.", error);
      kernelLocks = null;
    }
  }
  return kernelLocks;
}

/** `locks` is for tests of the fallback; by default the kernel's locks are used where they load. */
export async function lockDataDir(dir: string, locks?: KernelLocks | null): Promise<DataDirLock> {
  if (locks === undefined) locks = await loadKernelLocks();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "briefs.lock");
  // Never deleted: a process that opened the old file while another deleted and recreated it
  // would lock a different file than the next one.
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
  try {
    const granted = locks ? locks.tryLock(fd) : !holderIsRunning(readHolder(fd));
    if (!granted) throw new DataDirInUseError(dir, readHolder(fd));
    writeHolder(fd, me());
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      fs.ftruncateSync(fd, 0);
      fs.closeSync(fd);
    },
  };
}

function me(): Holder {
  return {
    pid: process.pid,
    hostname: os.hostname(),
    command: process.argv.slice(1).map((a) => path.basename(a)).join(" ").slice(0, 200),
    startedAt: new Date().toISOString(),
  };
}

function readHolder(fd: number): Holder | undefined {
  try {
    const buffer = Buffer.alloc(4096);
    const length = fs.readSync(fd, buffer, 0, buffer.length, 0);
    const holder = JSON.parse(buffer.subarray(0, length).toString("utf8")) as Holder;
    return typeof holder.pid === "number" ? holder : undefined;
  } catch {
    return undefined;
  }
}

function writeHolder(fd: number, holder: Holder): void {
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, JSON.stringify(holder), 0);
}

/** Only used without kernel locks. A holder on another host cannot be checked: it counts. */
function holderIsRunning(holder: Holder | undefined): boolean {
  if (!holder) return false;
  if (holder.hostname !== os.hostname()) return true;
  // A restarted container can be given the pid its previous run had.
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return !isZombie(holder.pid);
}

/** A killed process stays in the table until its parent reaps it, but it holds nothing any more. */
export function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state === "Z" || state === "X";
  } catch {
    return false;
  }
}
