import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/config/env";
import { registerBackupAgeGauge } from "@/lib/observe/backup-gauge";
import { removeAbandonedPartials } from "./write-archive";

export type BackupStatus = {
  folder: string;
  everyMs: number;
  keep: number;
  lastGoodAt: string | null;
  lastFailure: { at: string; message: string } | null;
  running: boolean;
};

const ARCHIVE_NAME = /^briefs-backup-(\d{8}T\d{6}Z)\.tar\.gz$/;

type State = { status: BackupStatus; timer?: NodeJS.Timeout };
const holder = globalThis as unknown as { __briefsScheduledBackups?: State };

/** What /api/health shows of the scheduled backups; undefined when none are scheduled. */
export function backupStatus(): BackupStatus | undefined {
  return holder.__briefsScheduledBackups?.status;
}

/**
 * With BRIEFS_BACKUP_DIR set, the server backs itself up every BRIEFS_BACKUP_EVERY and keeps the
 * newest BRIEFS_BACKUP_KEEP archives there. Each backup is the operator's own command, run as a
 * child process: the same code path, in a process of its own, so the server's memory does not
 * carry a second database. The first runs at start when the newest archive in the folder is
 * older than the interval. A failure is logged and shown in /api/health until a backup succeeds.
 */
export function startScheduledBackups(): void {
  const config = env();
  if (!config.BRIEFS_BACKUP_DIR || holder.__briefsScheduledBackups) return;
  const folder = path.resolve(config.BRIEFS_BACKUP_DIR);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  void removeAbandonedPartials(folder).catch((error) => console.error("Could not clear abandoned partial backups:", error));
  const newest = archivesIn(folder).at(-1);
  const state: State = {
    status: {
      folder,
      everyMs: config.BRIEFS_BACKUP_EVERY,
      keep: config.BRIEFS_BACKUP_KEEP,
      lastGoodAt: newest ? fs.statSync(path.join(folder, newest)).mtime.toISOString() : null,
      lastFailure: null,
      running: false,
    },
  };
  holder.__briefsScheduledBackups = state;
  registerBackupAgeGauge(() => state.status.lastGoodAt);
  const due = state.status.lastGoodAt ? Date.parse(state.status.lastGoodAt) + state.status.everyMs : Date.now();
  schedule(state, Math.max(0, due - Date.now()));
  console.log(`Scheduled backups: every ${config.BRIEFS_BACKUP_EVERY / 60_000} min into ${folder}, keeping ${config.BRIEFS_BACKUP_KEEP}.`);
}

function schedule(state: State, delayMs: number): void {
  // setTimeout holds at most 2^31-1 ms; a longer wait is taken in steps.
  state.timer = setTimeout(() => void run(state), Math.min(delayMs, 2 ** 31 - 1));
  state.timer.unref();
}

async function run(state: State): Promise<void> {
  const { status } = state;
  const started = new Date();
  const file = path.join(status.folder, `briefs-backup-${started.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z")}.tar.gz`);
  status.running = true;
  try {
    await backUpInChild(file);
    status.lastGoodAt = new Date().toISOString();
    status.lastFailure = null;
    prune(status.folder, status.keep);
    console.log(`Scheduled backup written: ${file}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    status.lastFailure = { at: new Date().toISOString(), message };
    console.error(`Scheduled backup failed: ${message}`);
  } finally {
    status.running = false;
    schedule(state, status.everyMs);
  }
}

function backUpInChild(file: string): Promise<void> {
  const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");
  const child = spawn(tsx, [path.join(process.cwd(), "scripts", "admin.ts"), "backup", "--out", file], { stdio: ["ignore", "ignore", "pipe"], env: process.env });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(stderr.trim().split("\n").filter(Boolean).at(-1) ?? `the backup command ended with ${signal ?? `exit code ${code}`}`));
    });
  });
}

/** The newest `keep` archives stay; older ones are removed, oldest first. */
function prune(folder: string, keep: number): void {
  const archives = archivesIn(folder);
  for (const name of archives.slice(0, Math.max(0, archives.length - keep))) fs.rmSync(path.join(folder, name), { force: true });
}

function archivesIn(folder: string): string[] {
  return fs
    .readdirSync(folder)
    .filter((name) => ARCHIVE_NAME.test(name))
    .sort();
}
