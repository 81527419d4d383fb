import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir } from "@/lib/db/data-dir-lock";
import { collect, runTsx, spawnTsx, waitForLine } from "../support/spawn-tsx";

const embeddedEnv = (dir: string) => ({ BRIEFS_DATA_DIR: dir, DATABASE_URL: undefined, BRIEFS_TEST_DB: undefined });
const lockFile = (dir: string) => path.join(dir, "briefs.lock");
const holderPid = (dir: string) => JSON.parse(fs.readFileSync(lockFile(dir), "utf8")).pid as number;

function processState(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  } catch {
    return undefined;
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.runIf(process.env.BRIEFS_TEST_DB === "pglite")("the embedded data folder", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-lock-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it("refuses a second process at once, naming the holder, and is released cleanly on SIGTERM", async () => {
    const dir = tempDir();
    const holder = spawnTsx("tests/support/hold-database.ts", [], embeddedEnv(dir));
    const holderDone = collect(holder);
    await waitForLine(holder, "ready");
    const pid = holderPid(dir);

    await expect(lockDataDir(dir)).rejects.toThrow(DataDirInUseError);
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${pid}`);

    const second = await runTsx("scripts/db-migrate.ts", [], embeddedEnv(dir));
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`in use by process ${pid}`);

    holder.kill("SIGTERM");
    const finished = await holderDone;
    expect(finished.code).toBe(143);
    expect(fs.readFileSync(lockFile(dir), "utf8")).toBe("");

    // The folder is whole again: another process opens it and finds the schema in place.
    const after = await runTsx("scripts/db-migrate.ts", [], embeddedEnv(dir));
    expect(after.stdout).toContain("The database is up to date.");
    expect(after.code).toBe(0);
  });

  it("opens at once after the holder was killed with SIGKILL, even before the dead process is reaped", async () => {
    const dir = tempDir();
    // The holder runs under a parent that never reaps it, so after the kill it stays a zombie with
    // its pid still in the process table: the moment right after a crash, frozen.
    const parent = spawn("sh", ["-c", `"${process.execPath}" --import tsx tests/support/hold-database.ts & exec sleep 600`], {
      env: { ...process.env, ...embeddedEnv(dir) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      await waitForLine(parent, "ready");
      const pid = holderPid(dir);
      process.kill(pid, "SIGKILL");
      await until(() => processState(pid) === "Z", `process ${pid} is dead`);

      const restart = await runTsx("scripts/db-migrate.ts", [], embeddedEnv(dir));
      expect(restart.stderr).not.toContain("in use");
      expect(restart.stdout).toContain("The database is up to date.");
      expect(restart.code).toBe(0);
    } finally {
      parent.kill("SIGKILL");
    }
  });

  it("is not blocked by a lock file that names this very process, as after a container restart", async () => {
    const dir = tempDir();
    const sameProcess = { pid: process.pid, hostname: os.hostname(), command: "previous run", startedAt: new Date(0).toISOString() };
    for (const locks of [undefined, null] as const) {
      fs.writeFileSync(lockFile(dir), JSON.stringify(sameProcess));
      const lock = await lockDataDir(dir, locks);
      expect(JSON.parse(fs.readFileSync(lockFile(dir), "utf8")).startedAt).not.toBe(sameProcess.startedAt);
      lock.release();
    }
  });

  it("without kernel locks, takes over from a holder that no longer runs and refuses one that does", async () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "process.exit(0)"]);
    const holderInfo = (pid: number) => JSON.stringify({ pid, hostname: os.hostname(), command: "other", startedAt: new Date().toISOString() });

    fs.writeFileSync(lockFile(dir), holderInfo(dead.pid!));
    const lock = await lockDataDir(dir, null);
    expect(holderPid(dir)).toBe(process.pid);
    lock.release();

    const alive = spawn(process.execPath, ["-e", "setInterval(() => {}, 1 << 30)"], { stdio: "ignore" });
    try {
      fs.writeFileSync(lockFile(dir), holderInfo(alive.pid!));
      await expect(lockDataDir(dir, null)).rejects.toThrow(`in use by process ${alive.pid}`);
    } finally {
      alive.kill("SIGKILL");
    }
  });
});
