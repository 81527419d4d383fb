import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import tar from "tar-stream";
import { isZombie, loadKernelLocks, type KernelLocks } from "@/lib/db/data-dir-lock";
import { ArchiveHash, MANIFEST_ENTRY, type Manifest, type UnsealedManifest } from "./archive-manifest";

/** What the export hands each finished entry to; it resolves once the bytes are on their way to disk. */
export type EntrySink = (name: string, bytes: Buffer) => Promise<void>;

/**
 * Writes an archive to `out` without ever leaving a part of one there: the bytes go to a hidden
 * file beside it (created 0600: an archive holds the server's secret), which is flushed to disk
 * and only then renamed over `out`. A crash or kill -9 leaves at most that hidden file. The writer
 * holds a kernel lock on it while it writes, which ends with the process however it ends, so a
 * later run can tell an abandoned one from one being written (removeAbandonedPartials).
 *
 * `fill` streams the entries; memory holds one entry at a time, since each waits until the
 * compressor has taken the one before.
 */
export async function writeArchiveFile(out: string, fill: (addEntry: EntrySink) => Promise<UnsealedManifest>): Promise<Manifest> {
  const target = path.resolve(out);
  // What a killed earlier run of this same backup left behind goes first.
  await removeAbandonedPartials(path.dirname(target), path.basename(target));
  const partial = partialName(target);
  const fd = fs.openSync(partial, "wx", 0o600);
  const locks = await loadKernelLocks();
  locks?.tryLock(fd);
  const pack = tar.pack();
  const hash = new ArchiveHash();
  const mtime = new Date();
  const add = (name: string, bytes: Buffer) =>
    new Promise<void>((resolve, reject) => {
      pack.entry({ name, size: bytes.byteLength, mode: 0o600, mtime }, bytes, (error) => (error ? reject(error) : resolve()));
    });
  const written = pipeline(pack, zlib.createGzip({ level: 3 }), fs.createWriteStream(partial, { fd, autoClose: false }));
  try {
    const unsealed = await fill(async (name, bytes) => {
      hash.addEntry(name, bytes);
      await add(name, bytes);
    });
    const manifest: Manifest = { ...unsealed, sha256: hash.seal(unsealed) };
    await add(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    pack.finalize();
    await written;
    await flushToDisk(partial);
    fs.renameSync(partial, target);
    await flushToDisk(path.dirname(target));
    return manifest;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    fs.closeSync(fd);
  }
}

const PARTIAL = /^\.(.+)\.(\d+)\.[0-9a-f]{8}\.partial$/;

function partialName(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.partial`);
}

/**
 * Hidden partial archives in `dir` (of the archive `of`, or of any) that no writer holds any more:
 * left by a crash, never finished. With kernel locks, a partial counts as abandoned when its lock
 * can be taken; a pid alone is not enough, since a busy machine hands a dead writer's pid to a new
 * process. Without them, the pid in the name decides.
 */
export async function removeAbandonedPartials(dir: string, of?: string): Promise<string[]> {
  const locks = await loadKernelLocks();
  const removed: string[] = [];
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const match = PARTIAL.exec(name);
    if (!match || (of !== undefined && match[1] !== of)) continue;
    const file = path.join(dir, name);
    if (await partialInUse(file, locks)) continue;
    fs.rmSync(file, { force: true });
    removed.push(name);
  }
  return removed;
}

/** Whether a writer still holds the partial archive `file`. */
export async function partialInUse(file: string, locks?: KernelLocks | null): Promise<boolean> {
  if (locks === undefined) locks = await loadKernelLocks();
  if (!locks) return isRunning(Number(PARTIAL.exec(path.basename(file))?.[2]));
  let fd: number;
  try {
    fd = fs.openSync(file, "r+");
  } catch {
    return true; // gone already, or not ours to remove
  }
  try {
    return !locks.tryLock(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return !isZombie(pid);
}

/** fsync of a file or a folder (a folder: its entries, after a rename). */
export async function flushToDisk(file: string): Promise<void> {
  const handle = await fs.promises.open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
